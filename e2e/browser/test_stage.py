"""Stage as a speaker uses it: import a PowerPoint deck with notes, present it from the
phone with two audience displays open, page through the notes, jump, wrap, blank; the
displays follow, and closing one raises the alert on the presenter. Every Stage page
passes the page checks."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser.pagecheck import check_page
from browser.test_accounts import fill, shown, sign_in, submit, wait_for_path
from conftest import ARTIFACTS, api, finish_browser, new_browser, unique_email
from corpus.decks import make_pptx
from browser.waiting import wait_until


def pair_display(phone, display, base, name):
    phone.get(base + "/phone/devices")
    phone.find_element(By.CSS_SELECTOR, "form[action='/phone/devices/pairing'] button").click()
    code = shown(phone, "[data-testid=pairing-code]").text.replace(" ", "")
    display.get(f"{base}/pair?role=display")
    fill(display, code=code, name=name)
    submit(display)
    wait_for_path(display, "/display")


def presenter(phone, key):
    return phone.find_element(By.ID, "presenter").get_attribute(f"data-{key}")


def position(phone):
    return phone.find_element(By.ID, "position").text


def screen_slide(display):
    return display.find_element(By.ID, "screen").get_attribute("data-slide")


def current_slide(phone):
    return phone.find_element(By.ID, "current-frame").get_attribute("data-slide")


def press(phone, *keys):
    phone.find_element(By.TAG_NAME, "body").send_keys(*keys)


def open_tools(phone):
    """The presenter's sheet of rarely used tools (notes' size, go to, languages, appeal, End)."""
    if not phone.find_element(By.ID, "tools-sheet").get_attribute("open"):
        phone.find_element(By.ID, "more-tools").click()
    wait_until(phone, phone.find_element(By.ID, "close-tools").is_displayed)


def close_tools(phone):
    if phone.find_element(By.ID, "tools-sheet").get_attribute("open"):
        phone.find_element(By.ID, "close-tools").click()


def test_import_a_pptx_and_present_it_on_two_displays(driver, second_driver, request, own_server, tmp_path):
    phone, base = driver, own_server.base
    email = unique_email("preacher")
    assert api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Pat", "password": "stage password 1"})[0] == 201
    sign_in(phone, base, email, "stage password 1")
    third = new_browser()
    request.addfinalizer(lambda: finish_browser(third, request, "-third"))
    displays = [second_driver, third]
    for number, display in enumerate(displays, start=1):
        pair_display(phone, display, base, f"Screen {number}")
    check_page(displays[0], "display page (waiting)")

    # Import: the deck's order, its hidden slide and its speaker notes survive.
    deck = make_pptx(tmp_path / "sermon.pptx")
    phone.get(base + "/phone/stage/import")
    check_page(phone, "import page")
    phone.find_element(By.ID, "file").send_keys(str(deck))
    phone.find_element(By.ID, "seriesTitle").send_keys("Spring series")
    phone.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]").click()
    open_link = WebDriverWait(phone, 120).until(lambda d: d.find_element(By.ID, "import-open") if d.find_element(By.ID, "import-open").is_displayed() else None)
    assert "Imported 4 slides" in phone.find_element(By.ID, "import-stage").text
    open_link.click()

    # The presenter: 3 shown slides (one hidden), the alert is gone since two displays are on.
    wait_until(phone, lambda: position(phone) == "1/3", timeout=20, message="the talk never loaded")
    wait_until(phone, lambda: presenter(phone, "displays") == "2", message="the presenter never saw the displays")
    assert not phone.find_element(By.ID, "display-alert").is_displayed() or "connected" in phone.find_element(By.ID, "display-alert").text
    assert "Greet the room." in phone.find_element(By.ID, "notes").text
    for display in displays:
        wait_until(display, lambda d=display: screen_slide(d) == current_slide(phone), message="a display did not show slide 1")
    check_page(phone, "presenter")

    # Slide 2 is the long story: at a large font its notes take several pages, and
    # advancing pages through them before the slide changes.
    press(phone, Keys.ARROW_RIGHT)
    wait_until(phone, lambda: position(phone) == "2/3")
    open_tools(phone)
    for _ in range(6):
        phone.find_element(By.ID, "font-up").click()
    close_tools(phone)
    wait_until(phone, lambda: int(presenter(phone, "pages")) > 1, message="long notes should take several pages")
    pages = int(presenter(phone, "pages"))
    assert phone.find_element(By.ID, "more-notes").is_displayed()
    for page in range(1, pages):
        press(phone, Keys.PAGE_DOWN)
        wait_until(phone, lambda p=page: presenter(phone, "page") == str(p))
        assert position(phone) == "2/3"
    assert not phone.find_element(By.ID, "more-notes").is_displayed()
    press(phone, Keys.SPACE)
    wait_until(phone, lambda: position(phone) == "3/3")
    for display in displays:
        wait_until(display, lambda d=display: screen_slide(d) == current_slide(phone), message="a display did not follow to slide 3")

    # Wraparound both ways, jump by number + Enter, and the next thumbnail jumps at once.
    press(phone, Keys.ARROW_RIGHT)
    wait_until(phone, lambda: position(phone) == "1/3")
    press(phone, Keys.ARROW_LEFT)
    wait_until(phone, lambda: position(phone) == "3/3")
    press(phone, "2", Keys.ENTER)
    wait_until(phone, lambda: position(phone) == "2/3" and presenter(phone, "page") == "0")
    phone.find_element(By.ID, "next-thumb").click()
    wait_until(phone, lambda: position(phone) == "3/3")
    wait_until(displays[1], lambda: screen_slide(displays[1]) == current_slide(phone))

    # B blanks every display, B again brings the slide back.
    press(phone, "b")
    for display in displays:
        wait_until(display, lambda d=display: d.find_element(By.ID, "screen").get_attribute("data-state") == "blank")
    press(phone, "b")
    wait_until(displays[0], lambda: displays[0].find_element(By.ID, "screen").get_attribute("data-state") == "showing")

    # One display goes away: the presenter says so, by name.
    third.quit()
    alert = phone.find_element(By.ID, "display-alert")
    wait_until(phone, lambda: alert.is_displayed() and "Screen 2 disconnected" in alert.text, timeout=20,
               message="closing a display raised no alert")
    phone.save_screenshot(str(ARTIFACTS / "stage-presenter-alert.png"))

    # End asks first: a single tap ends nothing; confirmed, the remaining display goes black and says the talk ended.
    open_tools(phone)
    phone.find_element(By.ID, "end").click()
    assert phone.find_element(By.ID, "end-confirm").is_displayed()
    phone.find_element(By.ID, "end-cancel").click()
    assert displays[0].find_element(By.ID, "screen").get_attribute("data-state") == "showing"
    phone.find_element(By.ID, "end").click()
    phone.find_element(By.ID, "end-confirm").click()
    wait_until(displays[0], lambda: displays[0].find_element(By.ID, "screen").get_attribute("data-state") == "ended")


def test_the_demo_overlay_shows_on_the_display_in_the_chosen_language(driver, second_driver, own_server):
    phone, display, base = driver, second_driver, own_server.base
    email = unique_email("demo")
    assert api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Dee", "password": "stage password 2"})[0] == 201
    sign_in(phone, base, email, "stage password 2")
    pair_display(phone, display, base, "Hall screen")

    phone.get(base + "/phone/stage")
    check_page(phone, "stage home")
    phone.find_element(By.PARTIAL_LINK_TEXT, "Load talk").click()
    wait_for_path(phone, "/phone/stage/series")
    check_page(phone, "series list")
    phone.find_element(By.PARTIAL_LINK_TEXT, "Demo: Hope for Today").click()
    shown(phone, "#slideLanguage")
    check_page(phone, "talk picker")
    # The toolbar switches the slide language independently of the notes.
    phone.find_element(By.CSS_SELECTOR, "#slideLanguage option[value=es]").click()
    phone.find_element(By.CSS_SELECTOR, "form.toolbar button").click()
    wait_until(phone, lambda: "Slides in Spanish · notes in English" in phone.find_element(By.TAG_NAME, "main").text)
    phone.find_element(By.PARTIAL_LINK_TEXT, "Hope for Today").click()
    wait_until(phone, lambda: position(phone) == "1/5", timeout=20)
    press(phone, "2", Keys.ENTER)
    wait_until(phone, lambda: position(phone) == "2/5")
    assert "One picture, every language" in phone.find_element(By.ID, "notes").text  # English notes

    overlay = WebDriverWait(display, 15).until(
        lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, ".screen-layer.visible .slide-overlay") if e.is_displayed()), None))
    assert overlay.text == "Cada mañana es un nuevo comienzo"
    box = overlay.rect
    assert box["width"] > 100 and box["y"] >= 0
    display.save_screenshot(str(ARTIFACTS / "stage-display-overlay.png"))
    check_page(display, "display page (showing)")

    # The appeal slide's <C> captions step with the notes, and <R> clears the screen.
    press(phone, "4", Keys.ENTER)
    wait_until(phone, lambda: position(phone) == "4/5")
    caption = display.find_element(By.ID, "screen-caption")
    wait_until(display, lambda: caption.is_displayed() and caption.text == "Sublime gracia del Señor" or caption.text == "Amazing grace, how sweet the sound")
    press(phone, Keys.ARROW_RIGHT)
    wait_until(display, lambda: caption.text in ("Que a un infeliz salvó", "That saved a wretch like me"))
    press(phone, Keys.ARROW_RIGHT)
    wait_until(display, lambda: not caption.is_displayed())
    assert position(phone) == "4/5"

    phone.get(base + "/phone/stage/settings")
    check_page(phone, "stage settings")
