"""Issue 39: every watch page fits the two watch sizes with nothing to scroll and no text under 14 px (pairing, the
talk's card idle, cast and running, Tempo's run view), and the pages keep their contrast in the dark theme."""
from selenium.webdriver.common.by import By

from browser.pagecheck import check_page, set_viewport
from browser.test_accounts import sign_in
from browser.test_live import pair_watch, status
from browser.test_talks import cast_talk
from browser.waiting import wait_until
from conftest import api, unique_email

WATCH_SIZES = [(176, 215), (198, 242)]

SMALLEST_TEXT = """
    // The smallest font size of any visible text on the page (a screen reader's words excepted).
    let smallest = Infinity, where = '';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const element = node.parentElement;
      if (!element || element.closest('.visually-hidden, [hidden]')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.opacity === '0') continue;
      const size = parseFloat(style.fontSize);
      if (size < smallest) { smallest = size; where = `${element.id || element.className}: ${node.textContent.trim().slice(0, 30)}`; }
    }
    return [smallest, where];"""


def assert_fits(driver, label):
    for width, height in WATCH_SIZES:
        set_viewport(driver, width, height)
        scroll = driver.execute_script("return document.documentElement.scrollHeight - innerHeight")
        assert scroll <= 0, f"{label} at {width}×{height} scrolls {scroll} px"
        smallest, where = driver.execute_script(SMALLEST_TEXT)
        assert smallest >= 14, f"{label} at {width}×{height}: {smallest} px text ({where})"


def test_every_watch_page_fits_the_watch(driver, second_driver, own_server):
    phone, watch, base = driver, second_driver, own_server.base
    set_viewport(watch, 198, 242)
    watch.get(f"{base}/pair?role=watch")
    assert_fits(watch, "the pairing page")

    pair_watch(phone, watch, base, unique_email("fits"))
    wait_until(watch, lambda: status(watch) == "online")
    assert_fits(watch, "the watch, nothing cast")
    cast_talk(phone, watch, base, "A talk with a long enough title to wrap", "5:00",
              [("Welcome and why it matters", "0"), ("Close", "4:00")])
    assert_fits(watch, "the watch, a talk cast")
    watch.find_element(By.ID, "talk-start").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Welcome and why it matters")
    assert_fits(watch, "the watch, the talk running")
    # The keyword, the clock and both buttons are on the one screen.
    for width, height in WATCH_SIZES:
        set_viewport(watch, width, height)
        for element_id in ("talk-keyword", "talk-elapsed", "talk-remaining", "talk-next", "talk-pause"):
            bottom = watch.execute_script("return document.getElementById(arguments[0]).getBoundingClientRect().bottom", element_id)
            assert bottom <= height, f"#{element_id} is below the fold at {width}×{height}"

    watch.get(f"{base}/watch/run")
    wait_until(watch, lambda: watch.find_element(By.ID, "watch-start").is_displayed())
    assert_fits(watch, "Tempo's run view, no run")


def test_the_pages_keep_their_contrast_in_the_dark(driver, own_server):
    base = own_server.base
    email = unique_email("dark")
    assert api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Noor", "password": "dark password 1"})[0] == 201
    sign_in(driver, base, email, "dark password 1")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark"}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
    for path in ("/phone", "/phone/talks", "/phone/spots/new", "/phone/tempo/plans", "/phone/devices", "/account"):
        driver.get(base + path)
        assert driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
        background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(15, 17, 21)", f"{path} is not dark: {background}"
        check_page(driver, f"{path} in the dark")


def test_the_top_bar_fits_while_the_connection_is_lost(driver, own_server):
    """Defect: "Offline, reconnecting…" stayed on one line and pushed a phone's top bar past the screen — 122 px on a
    watch, and on a 320 px phone the name "Cadence" was squeezed to a letter per line. The connection's words now
    wrap inside their pill. Checked with the server really gone, in English and in Spanish (the longest words)."""
    base = own_server.base
    for language, offline in (("en", "Offline, reconnecting…"), ("es", "Sin conexión, reconectando…")):
        if language != "en":
            own_server.start()  # stopped by the round before
        email = unique_email(f"offline-{language}")
        status_code, body = api(base, "POST", "/api/v1/auth/register",
                                {"email": email, "displayName": "Ona", "password": "offline password 1"})
        assert status_code == 201
        assert api(base, "PATCH", "/api/v1/account", {"language": language}, token=body["token"])[0] == 200
        driver.delete_all_cookies()
        sign_in(driver, base, email, "offline password 1")
        driver.get(base + "/phone/devices")
        wait_until(driver, lambda: status(driver) == "online", message="the page never went online")
        own_server.stop()
        for width, height in [*WATCH_SIZES, (320, 568), (390, 844)]:
            set_viewport(driver, width, height)
            # Between tries the page says "Connecting…" for a moment: measure while it says it is offline.
            measured = {}

            def offline_and_measured():
                measured.update(driver.execute_script("""
                    return { text: document.getElementById('live-status').textContent,
                             overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                             brand: document.querySelector('.top-bar .brand').getBoundingClientRect().height };"""))
                return measured["text"] == offline
            wait_until(driver, offline_and_measured, poll=0.1, message=f"the page never said {offline!r}: {measured}")
            assert measured["overflow"] == 0, \
                f"{language} at {width}×{height}: the top bar is {measured['overflow']} px wider than the screen"
            assert measured["brand"] <= 48, f"{language} at {width}×{height}: the name is squeezed onto {measured['brand']} px"
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
