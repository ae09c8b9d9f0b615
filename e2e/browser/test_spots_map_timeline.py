"""Seed 004's map and timeline (issue 22): the map shows where you are now and a pin dragged to a new spot moves its
place (the API then says so); the timeline has a month selector, moves its slider as the page scrolls, and has
Complete and Delete on each item, coming back to the timeline."""
import time
from datetime import datetime, timedelta, timezone
from urllib.parse import urlparse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser.pagecheck import check_page
from browser.test_accounts import shown, sign_in
from browser.waiting import wait_until
from conftest import api, unique_email

HOME = {"latitude": 52.37403, "longitude": 4.88969}


def signed_in(driver, base, name):
    email = unique_email(name)
    assert api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": name.title(), "password": "spots password 1"})[0] == 201
    token = api(base, "POST", "/api/v1/auth/login", {"email": email, "password": "spots password 1"})[1]["token"]
    sign_in(driver, base, email, "spots password 1")
    return token


def click(driver, css):
    """Clicks an element brought to the middle of the window (the timeline's slider stays on top of the page)."""
    element = driver.find_element(By.CSS_SELECTOR, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def add(base, token, title, **fields):
    status, body = api(base, "POST", "/api/v1/spots/reminders", {"title": title, **fields}, token=token)
    assert status == 201, body
    return body["id"].lower()


def test_the_timeline_has_months_follows_the_scroll_and_completes_and_deletes(driver, own_server):
    base = own_server.base
    token = signed_in(driver, base, "timeline")
    now = datetime.now(timezone.utc).replace(hour=10, minute=0, second=0, microsecond=0)
    for index, days in enumerate([1, 2, 3, 35, 36, 70, 71]):
        add(base, token, f"Task {index + 1}", due=(now + timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ"))

    driver.set_window_size(900, 700)
    driver.get(base + "/phone/spots/timeline")
    slider = shown(driver, "#day-slider")
    months = driver.find_elements(By.CSS_SELECTOR, "#month-select option")
    assert len(months) >= 3, [m.text for m in months]
    # Choosing the last month moves the slider to its first day and brings that day up.
    last = months[-1]
    driver.execute_script("const s = document.getElementById('month-select'); s.value = arguments[0];"
                          "s.dispatchEvent(new Event('change'))", last.get_attribute("value"))
    assert slider.get_attribute("value") == last.get_attribute("value")
    day = driver.find_elements(By.CSS_SELECTOR, ".spots-day")[int(last.get_attribute("value"))]
    assert day.get_attribute("aria-current") == "date"
    # Once that scroll has settled, scrolling back to the top moves the slider (and the month) back to the first day.
    wait_until(driver, lambda: driver.find_element(By.ID, "spots-days").get_attribute("data-settled") == "true", timeout=5)
    driver.execute_script("window.scrollTo(0, 0)")
    wait_until(driver, lambda: slider.get_attribute("value") == "0", timeout=5, message="the slider did not follow the scroll")
    assert driver.find_element(By.ID, "month-select").get_attribute("value") == "0"
    check_page(driver, "timeline with months")

    # Complete and Delete on an item, each coming back to the timeline.
    on_timeline = lambda: urlparse(driver.current_url).path == "/phone/spots/timeline"
    click(driver, "button[aria-label='Complete Task 1']")
    wait_until(driver, lambda: on_timeline() and not driver.find_elements(By.CSS_SELECTOR, "button[aria-label='Complete Task 1']"),
               message="Complete did not come back to the timeline")
    click(driver, "a[aria-label='Delete Task 2…']")
    shown(driver, "form[action$='/delete'] button[type=submit]").click()
    wait_until(driver, lambda: on_timeline() and driver.find_elements(By.CSS_SELECTOR, ".spots-day"),
               message="Delete did not come back to the timeline")
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".spots-day .spots-item-title")]
    assert "Task 1" not in titles and "Task 2" not in titles and "Task 3" in titles, titles
    listed = {r["title"]: r for r in api(base, "GET", "/api/v1/spots/reminders", token=token)[1]}
    assert listed["Task 1"]["completedAt"] and "Task 2" not in listed


def test_the_map_shows_where_you_are_and_a_dragged_pin_moves_its_place(driver, own_server):
    base = own_server.base
    token = signed_in(driver, base, "mapper")
    gym = add(base, token, "Bring a towel", place={"name": "Gym", "latitude": HOME["latitude"] + 0.002,
                                                     "longitude": HOME["longitude"], "radius": 150})
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {**HOME, "accuracy": 12})
    try:
        driver.set_window_size(900, 900)
        driver.get(base + "/phone/spots/map")
        wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, "#spots-map .leaflet-marker-icon"),
                   message="the pin did not show")
        pin = driver.find_element(By.CSS_SELECTOR, "#spots-map .leaflet-marker-icon")
        # Location is allowed already: the map shows where this device is, and so does the button.
        wait_until(driver, lambda: driver.find_element(By.ID, "spots-map").get_attribute("data-me") == "52.37403,4.88969",
                   message="the map did not show where I am")
        fixes = lambda: int(driver.find_element(By.ID, "spots-map").get_attribute("data-me-fixes") or 0)
        seen = fixes()
        driver.find_element(By.ID, "show-me").click()
        wait_until(driver, lambda: fixes() == seen + 1, message="the button did not show where I am")
        assert "You are here (within 12 m)" in driver.find_element(By.ID, "map-status").text

        before = api(base, "GET", f"/api/v1/spots/reminders/{gym}", token=token)[1]["place"]
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", pin)
        # The map glides to where I am: wait until the pin holds still before dragging it.
        def still():
            before = pin.rect
            time.sleep(0.3)
            return pin.rect == before
        wait_until(driver, still, message="the map did not come to rest")
        ActionChains(driver).click_and_hold(pin).move_by_offset(40, 30).move_by_offset(40, 30).release().perform()
        wait_until(driver, lambda: driver.find_element(By.ID, "spots-map").get_attribute("data-moved") == gym,
                   message=f"the drag was not saved: {driver.find_element(By.ID, 'map-status').text!r}")
        after = api(base, "GET", f"/api/v1/spots/reminders/{gym}", token=token)[1]["place"]
        assert after["latitude"] < before["latitude"] and after["longitude"] > before["longitude"], (before, after)
        assert after["name"] == "Gym" and after["radius"] == 150
        assert "Moved Gym" in driver.find_element(By.ID, "map-status").text
        check_page(driver, "map with my position and a moved pin")
    finally:
        driver.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
        # Back to asking, for the tests after this one (resetPermissions leaves an origin's grant in place).
        driver.execute_cdp_cmd("Browser.setPermission", {"origin": base, "permission": {"name": "geolocation"}, "setting": "prompt"})
