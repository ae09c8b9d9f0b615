"""The presenter's three language choices, in real headless Chromium against the real server: the interface (the
account's language, PATCH /api/v1/account), the slides' and the notes' (the series'). Each changes only itself: the
interface in Spanish leaves the demo talk's slides and notes in English; the notes in Spanish change the notes (and
their lang) but neither the interface nor the slides. The Spanish presenter passes the page checks."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser.pagecheck import check_page
from browser.test_accounts import sign_in
from browser.waiting import wait_until
from conftest import ARTIFACTS, api, unique_email
from corpus.decks import make_pptx

PASSWORD = "stage languages 1"
ENGLISH_NOTES = "One picture, every language"
SPANISH_NOTES = "Una imagen para todos los idiomas"
ENGLISH_OVERLAY = "Every morning is a new beginning"


def demo_talk(base, token):
    series = api(base, "GET", "/api/v1/stage/series", token=token)[1]
    demo = next(s for s in series if s["isDemo"])
    return api(base, "GET", f"/api/v1/stage/series/{demo['id']}", token=token)[1]["talks"][0]["id"]


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def attribute(driver, element_id, name):
    return driver.find_element(By.ID, element_id).get_attribute(name)


def page_lang(driver):
    return driver.execute_script("return document.documentElement.lang")


def overlay_text(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#current-frame .slide-overlay')].map((e) => e.textContent).join(' ')")


def content_languages(driver):
    """What the slides and notes say they are in, and what they show."""
    return {
        "slides": attribute(driver, "current-frame", "lang"),
        "strip": attribute(driver, "strip", "lang"),
        "notes": attribute(driver, "notes", "lang"),
        "slide choice": Select(driver.find_element(By.ID, "slide-language")).first_selected_option.get_attribute("value"),
        "notes choice": Select(driver.find_element(By.ID, "notes-language")).first_selected_option.get_attribute("value"),
    }


def test_the_presenters_three_language_choices_are_independent(driver, own_server):
    base = own_server.base
    email = unique_email("stage-lang")
    status, signed = api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Lu", "password": PASSWORD})
    assert status == 201, signed
    talk_id = demo_talk(base, signed["token"])
    sign_in(driver, base, email, PASSWORD)

    # In English: the demo talk's second slide, its overlay and notes in English.
    driver.get(f"{base}/phone/stage/talks/{talk_id}")
    wait_until(driver, lambda: text(driver, "position") == "1/5", timeout=20, message="the talk never loaded")
    driver.find_element(By.TAG_NAME, "body").send_keys("2", Keys.ENTER)
    wait_until(driver, lambda: text(driver, "position") == "2/5", message="the jump to slide 2 did not happen")
    wait_until(driver, lambda: ENGLISH_NOTES in text(driver, "notes"), message="the notes are not the English ones")
    wait_until(driver, lambda: ENGLISH_OVERLAY in overlay_text(driver), message="the slide's overlay is not the English one")
    assert page_lang(driver) == "en"
    assert text(driver, "next") == "Next ›" and text(driver, "end") == "End"
    english_content = content_languages(driver)
    assert english_content == {"slides": "en", "strip": "en", "notes": "en", "slide choice": "en", "notes choice": "en"}

    # The interface in Spanish: the page comes back in Spanish on the same slide; the slides and notes stay English.
    Select(driver.find_element(By.ID, "app-language")).select_by_value("es")
    wait_until(driver, lambda: page_lang(driver) == "es", timeout=15, message="the page did not come back in Spanish")
    wait_until(driver, lambda: text(driver, "position") == "2/5", timeout=20, message="the talk did not carry on at slide 2")
    wait_until(driver, lambda: ENGLISH_NOTES in text(driver, "notes"), message="the notes changed with the interface")
    assert text(driver, "next") == "Siguiente ›" and text(driver, "back") == "‹ Atrás" and text(driver, "end") == "Terminar"
    toolbar = driver.find_element(By.CSS_SELECTOR, ".presenter-toolbar")
    labels = [label.text for label in toolbar.find_elements(By.TAG_NAME, "label")]
    assert "Interfaz" in labels and "Notas" in labels, labels
    assert Select(driver.find_element(By.ID, "app-language")).first_selected_option.get_attribute("value") == "es"
    assert content_languages(driver) == english_content
    assert ENGLISH_OVERLAY in overlay_text(driver)
    status, account = api(base, "GET", "/api/v1/account", token=signed["token"])
    assert status == 200 and account["language"] == "es", account

    # The notes in Spanish: the notes change (and say so), the interface and the slides do not.
    Select(driver.find_element(By.ID, "notes-language")).select_by_value("es")
    wait_until(driver, lambda: SPANISH_NOTES in text(driver, "notes"), timeout=15, message="the notes did not turn Spanish")
    wait_until(driver, lambda: attribute(driver, "notes", "lang") == "es", message="the notes do not say they are Spanish")
    assert page_lang(driver) == "es"
    assert text(driver, "next") == "Siguiente ›"
    assert text(driver, "position") == "2/5"
    assert content_languages(driver) == {**english_content, "notes": "es", "notes choice": "es"}
    assert ENGLISH_OVERLAY in overlay_text(driver)

    driver.save_screenshot(str(ARTIFACTS / "stage-presenter-spanish.png"))
    check_page(driver, "presenter in Spanish")


def test_the_import_page_says_the_jobs_stage_and_refusals_in_spanish(driver, own_server, tmp_path):
    base = own_server.base
    email = unique_email("stage-import-es")
    status, signed = api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Lu", "password": PASSWORD})
    assert status == 201, signed
    assert api(base, "PATCH", "/api/v1/account", {"language": "es"}, token=signed["token"])[0] == 200
    sign_in(driver, base, email, PASSWORD)

    # A file that is no deck: the server's refusal (English in the API) shows in Spanish.
    not_a_deck = tmp_path / "notes.txt"
    not_a_deck.write_text("just words")
    driver.get(base + "/phone/stage/import")
    assert page_lang(driver) == "es"
    driver.find_element(By.ID, "file").send_keys(str(not_a_deck))
    driver.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "import-message").is_displayed(), message="no refusal shown")
    assert text(driver, "import-message") == "Importa un ZIP de imágenes PNG/JPEG, un PDF o un archivo .pptx de PowerPoint."
    driver.get_log("browser")  # the refused upload's 415 is expected; the page checks below look at the next one

    # A deck: the stage ends as the Spanish count of imported slides.
    deck = make_pptx(tmp_path / "sermon.pptx")
    driver.get(base + "/phone/stage/import")
    driver.find_element(By.ID, "file").send_keys(str(deck))
    driver.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "import-open").is_displayed(), timeout=120, message="the import never ended")
    assert text(driver, "import-stage") == "4 diapositivas importadas"
    check_page(driver, "import page in Spanish (imported)")
