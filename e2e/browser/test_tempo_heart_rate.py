"""Heart rate steers the music: a runner gives their maximum heart rate on the runs page (the zones appear), runs a
zone-2 plan with the runner simulator, and the live page's music eases down while the heart rate is above zone 2 and
up while it is below, saying so; the song's playback rate follows. Through the whole path: profile → zones → live
page → the tempo rule → the audio element."""
import re

from selenium.webdriver.common.by import By

from browser.pagecheck import check_page
from browser.test_tempo import wait_until
from browser.test_tempo_run import make_songs_small, signed_in_runner, upload_analysed
from conftest import api

PASSWORD = "heart rate password 1"


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def audio_rate(driver):
    return float(driver.find_element(By.ID, "run-audio").get_attribute("data-rate") or "nan")


def eased(driver, direction):
    """How far the music has eased in `direction` ("down" or "up"), in percent, from the page's reason; 0 when it
    does not say so."""
    found = re.search(rf"easing {direction} (\d+\.\d)%", text(driver, "run-why"))
    return float(found.group(1)) if found else 0.0


def test_heart_rate_above_or_below_the_zone_eases_the_music(driver, server, tmp_path):
    token = signed_in_runner(driver, server, "heart", PASSWORD)

    # The profile: a maximum of 190 gives zone 2 as 114–133 bpm.
    driver.get(server + "/phone/tempo/runs")
    wait_until(driver, lambda: "Give your year of birth" in text(driver, "profile-zones"), message="no hint about zones")
    driver.find_element(By.ID, "profile-max-hr").send_keys("190")
    driver.find_element(By.CSS_SELECTOR, "#profile-form button[type=submit]").click()
    wait_until(driver, lambda: "2: 114–133" in text(driver, "profile-zones"), message="the zones were not shown")
    assert "maximum 190 bpm, yours" in text(driver, "profile-zones")
    check_page(driver, "runs page with heart-rate zones")

    upload_analysed(server, token, [path for path, _ in make_songs_small(tmp_path)])
    code, plan = api(server, "POST", "/api/v1/tempo/plans", {"name": "Easy zone 2", "activity": "running", "steps": [
        {"interval": {"name": "Easy", "length": {"seconds": 1200}, "target": {"zone": 2}}}]}, token=token)
    assert code == 201, plan
    plan_id = plan["plan"]["id"].lower()
    code, playlist = api(server, "POST", f"/api/v1/tempo/plans/{plan_id}/playlists", {"options": {"allowRepeats": True}}, token=token)
    assert code in (200, 201), playlist
    playlist_id = playlist["id"].lower()
    # The simulated cadence is the first song's own beat, so the rate sits mid-budget and can move either way.
    first = playlist["playlist"]["entries"][0]
    cadence = round(first["songBPM"] * {"halfTime": 2, "doubleTime": 0.5}.get(first["beat"], 1))

    # A simulated run with a heart rate well above zone 2.
    driver.get(f"{server}/phone/tempo/run?plan={plan_id}&playlist={playlist_id}")
    wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, f"#run-playlist option[value='{playlist_id}']").is_selected(),
               message="the playlist was not offered")
    driver.find_element(By.ID, "sim-on").click()
    for field, value in (("sim-cadence", str(cadence)), ("sim-pace", "6:15"), ("sim-hr", "170")):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(value)
    driver.find_element(By.ID, "run-start").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "run-now").is_displayed(), message="the run did not start")
    driver.execute_script("document.getElementById('run-audio').muted = true")

    wait_until(driver, lambda: eased(driver, "down") >= 2.0, timeout=30,
               message=f"the music did not ease down: {text(driver, 'run-why')!r}")
    assert "heart rate 170 above zone 2 (114–133)" in text(driver, "run-why")
    eased_down = audio_rate(driver)
    check_page(driver, "live run page, heart rate steering")

    # Below the zone: the ease turns and the song speeds up again.
    driver.find_element(By.ID, "sim-hr").clear()
    driver.find_element(By.ID, "sim-hr").send_keys("100")
    wait_until(driver, lambda: eased(driver, "up") >= 1.0, timeout=40,
               message=f"the music did not ease up: {text(driver, 'run-why')!r}")
    assert "heart rate 100 below zone 2 (114–133)" in text(driver, "run-why")
    assert audio_rate(driver) > eased_down + 0.015, (eased_down, audio_rate(driver))

    driver.find_element(By.ID, "run-end").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "run-save").is_displayed())

    # After the run: the interval against its plan, and the time in each zone (170 is zone 4, 100 zone 1).
    run_id = driver.find_element(By.TAG_NAME, "body").get_attribute("data-run-id")
    driver.find_element(By.ID, "run-save").click()
    wait_until(driver, lambda: driver.current_url.endswith(f"/phone/tempo/runs/{run_id}"), message="saving did not open the run page")
    wait_until(driver, lambda: driver.find_element(By.ID, "run-page").get_attribute("data-loaded") == "true")
    row = driver.find_element(By.CSS_SELECTOR, "#run-intervals tbody tr")
    assert row.find_element(By.TAG_NAME, "th").text == "Easy"
    assert "in zone 2" in row.text and "6:15" in row.text, row.text
    zones = {z.get_attribute("data-zone"): int(z.get_attribute("data-seconds"))
             for z in driver.find_elements(By.CSS_SELECTOR, "#run-zones .run-zone")}
    assert len(zones) == 5 and zones["4"] >= 5 and zones["1"] >= 3, zones
    assert "maximum heart rate of 190" in driver.find_element(By.ID, "run-zones-max").text
    check_page(driver, "run page with intervals and zones")
