"""The presenter's three language choices, in real headless Chromium against the real server: the interface (the
account's language, PATCH /api/v1/account), the slides' and the notes' (the series'). Each changes only itself: the
interface in Spanish leaves the demo talk's slides and notes in English; the notes in Spanish change the notes (and
their lang) but neither the interface nor the slides. The Spanish presenter passes the page checks. The import page
(the job's stage, a refused file) and the download page (progress, sizes in the locale, install and refusal
messages) speak Spanish too."""
import os
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser.pagecheck import check_page
from browser.test_accounts import sign_in
from browser.test_stage import close_tools, open_tools
from browser.test_stage_catalogue import catalogue_cli, entry, exported_series, progress
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
    open_tools(driver)
    assert text(driver, "next") == "Next ›" and text(driver, "end") == "End"
    english_content = content_languages(driver)
    assert english_content == {"slides": "en", "strip": "en", "notes": "en", "slide choice": "en", "notes choice": "en"}

    # The interface in Spanish: the page comes back in Spanish on the same slide; the slides and notes stay English.
    Select(driver.find_element(By.ID, "app-language")).select_by_value("es")
    wait_until(driver, lambda: page_lang(driver) == "es", timeout=15, message="the page did not come back in Spanish")
    wait_until(driver, lambda: text(driver, "position") == "2/5", timeout=20, message="the talk did not carry on at slide 2")
    wait_until(driver, lambda: ENGLISH_NOTES in text(driver, "notes"), message="the notes changed with the interface")
    open_tools(driver)
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


def test_the_download_page_speaks_spanish_with_spanish_sizes(driver, own_server, tmp_path):
    base = own_server.base
    owner = api(base, "POST", "/api/v1/auth/register", {"email": unique_email("op-es"), "displayName": "Op", "password": PASSWORD})[1]["token"]
    package = exported_series(base, owner, "Pascua", 6, tmp_path / "pascua.cadence")
    broken = exported_series(base, owner, "Adviento", 1, tmp_path / "adviento.cadence")
    assert catalogue_cli(own_server, "add", str(package), "--free").returncode == 0
    assert catalogue_cli(own_server, "add", str(broken), "--free").returncode == 0
    on_disk = os.path.join(own_server.data, "catalogue", "adviento.cadence")
    with open(on_disk, "r+b") as handle:
        handle.truncate(os.path.getsize(on_disk) // 2)

    email = unique_email("listener-es")
    status, signed = api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Lee", "password": PASSWORD})
    assert status == 201
    assert api(base, "PATCH", "/api/v1/account", {"language": "es"}, token=signed["token"])[0] == 200
    sign_in(driver, base, email, PASSWORD)

    # Small chunks and a slow network, so the progress is seen: Spanish words, sizes with a decimal comma.
    driver.get(base + "/phone/stage/catalogue?chunk=16384")
    assert page_lang(driver) == "es"
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 5, "downloadThroughput": 300 * 1024, "uploadThroughput": -1})
    pascua = entry(driver, "Pascua")
    pascua.find_element(By.CSS_SELECTOR, ".catalogue-start").click()
    WebDriverWait(driver, 30).until(lambda d: progress(pascua) >= 15)
    detail = pascua.find_element(By.CSS_SELECTOR, ".catalogue-detail").text
    assert re.search(r"^\d+(,\d)? [KM]B de \d+(,\d)? [KM]B · ", detail) and "quedan unos" in detail, detail
    assert " of " not in detail and "left" not in detail, detail
    bar = pascua.find_element(By.CSS_SELECTOR, "[role=progressbar]").get_attribute("aria-valuetext")
    assert re.search(r"^\d+ %, .* de ", bar), bar
    pascua.find_element(By.CSS_SELECTOR, ".catalogue-pause").click()
    assert pascua.find_element(By.CSS_SELECTOR, ".catalogue-status").text.startswith("En pausa: ")
    pascua.find_element(By.CSS_SELECTOR, ".catalogue-resume").click()
    WebDriverWait(driver, 90).until(lambda d: "Se instaló" in pascua.find_element(By.CSS_SELECTOR, ".catalogue-status").text)
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    assert pascua.find_element(By.CSS_SELECTOR, ".catalogue-status").text == "Se instaló «Pascua»: 1 charla, 6 diapositivas."
    assert pascua.find_element(By.CSS_SELECTOR, ".catalogue-open").text == "Abrir Pascua"

    # The truncated package: refused in Spanish, nothing installed.
    adviento = entry(driver, "Adviento")
    adviento.find_element(By.CSS_SELECTOR, ".catalogue-start").click()
    WebDriverWait(driver, 30).until(lambda d: adviento.find_element(By.CSS_SELECTOR, ".catalogue-message").is_displayed())
    message = adviento.find_element(By.CSS_SELECTOR, ".catalogue-message").text
    assert message.startswith("La copia de «Adviento» del servidor está incompleta o dañada (") and message.endswith("No se instaló nada."), message
    assert adviento.find_element(By.CSS_SELECTOR, ".catalogue-status").text == "No instalada"
    assert adviento.find_element(By.CSS_SELECTOR, ".catalogue-start").text == "Descargar de nuevo"
    driver.get_log("browser")  # the refused range request is expected
    check_page(driver, "catalogue page in Spanish")
