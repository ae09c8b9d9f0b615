"""A Tempo run as a runner with a phone and a watch lives it: a plan from a template and a
playlist of two generated songs, a paired watch, a run started on the phone with the runner
simulator; the watch shows the interval and pace, loses its network for a while and keeps
recording, comes back and syncs; the phone ends and saves the run. The run is in the history
once, every second from start to end has a sample, and the watch's (simulated) heart rate is
there for the seconds it recorded offline. The run is marked simulated in the API, on its pages
and in its exports; its GPX export imported again gives the same distance and is still simulated.
Without the simulator nothing makes up a heart rate: a watch has no heart-rate sensor in a
browser, so a run it takes part in, or starts, stores none. Every new page passes the page
checks; the run page is kept as a phone-size screenshot in e2e/artifacts."""
import base64
import calendar
import json
import time
import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser.pagecheck import check_page, set_viewport
from browser.test_accounts import sign_in
from browser.test_live import pair_watch, status
from browser.test_tempo import make_songs, screenshot, wait_until
from conftest import ARTIFACTS, api, unique_email

PASSWORD = "live password 1"  # pair_watch registers the account with it
GPXPY_FIXTURES = Path(__file__).resolve().parents[2] / "Tests" / "TempoTests" / "Files" / "Fixtures" / "gpxpy"


def upload(base, token, path):
    request = urllib.request.Request(f"{base}/api/v1/tempo/songs?filename={path.name}", data=path.read_bytes(), method="POST")
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/octet-stream")
    with urllib.request.urlopen(request) as response:
        assert response.status in (200, 201), response.status
        return json.loads(response.read())


def signed_in_runner(driver, base, name, password):
    """A new account signed in in `driver`; its API token."""
    email = unique_email(name)
    assert api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": name.title(), "password": password})[0] == 201
    token = api(base, "POST", "/api/v1/auth/login", {"email": email, "password": password})[1]["token"]
    sign_in(driver, base, email, password)
    return token


def upload_analysed(base, token, paths, seconds=120):
    """Uploads the files and waits until every song of the account is analysed; the songs as uploaded."""
    added = [upload(base, token, path)[0] for path in paths]
    deadline = time.time() + seconds
    while not all(s["analysis"] in ("done", "failed") for s in api(base, "GET", "/api/v1/tempo/songs", token=token)[1]):
        assert time.time() < deadline, "the songs were not analysed in time"
        time.sleep(0.5)
    return added


def fetch_json(browser, path, method="GET", body=None):
    """An API call made by the browser with its own cookies: (status, parsed body)."""
    return browser.execute_async_script("""
        const [path, method, body, done] = arguments;
        const options = {method, credentials: 'same-origin'};
        if (body !== null) { options.body = body; }
        fetch(path, options).then(async (r) => done([r.status, await r.text()]), (e) => done([0, String(e)]));
    """, path, method, body)


def text(browser, element_id):
    return browser.find_element(By.ID, element_id).text


def set_offline(browser, offline, latency=0):
    """Cuts the browser's network, or gives each request `latency` milliseconds (a slow phone network)."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": latency, "downloadThroughput": -1, "uploadThroughput": -1})


def test_a_run_with_phone_and_watch_offline_synced_saved_exported_and_imported(driver, second_driver, own_server, tmp_path):
    phone, watch, base = driver, second_driver, own_server.base
    email = unique_email("runner")
    pair_watch(phone, watch, base, email)
    token = api(base, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD})[1]["token"]

    # Two songs, a plan from the interval template and a playlist over it, through the API.
    for path, _ in make_songs_small(tmp_path):
        upload(base, token, path)
    deadline = time.time() + 120
    while True:
        songs = api(base, "GET", "/api/v1/tempo/songs", token=token)[1]
        if all(song["analysis"] in ("done", "failed") for song in songs):
            break
        assert time.time() < deadline, "the songs were not analysed in time"
        time.sleep(0.5)
    templates = api(base, "GET", "/api/v1/tempo/templates?activity=running", token=token)[1]
    intervals = next(t for t in templates if t["plan"]["name"].startswith("6"))
    status_code, plan = api(base, "POST", "/api/v1/tempo/plans", {"template": intervals["templateId"]}, token=token)
    assert status_code == 201, plan
    plan_id = plan["plan"]["id"].lower()
    first_interval = plan["segments"][0]["name"]
    status_code, playlist = api(base, "POST", f"/api/v1/tempo/plans/{plan_id}/playlists",
                                {"options": {"allowRepeats": True}}, token=token)
    assert status_code in (200, 201), playlist
    playlist_id = playlist["id"].lower()

    # The phone: the live page, the runner simulator on, Start.
    phone.get(f"{base}/phone/tempo/run?plan={plan_id}&playlist={playlist_id}")
    wait_until(phone, lambda: phone.find_element(By.CSS_SELECTOR, f"#run-playlist option[value='{playlist_id}']").is_selected(),
               message="the playlist was not offered")
    check_page(phone, "live run page, setup")
    phone.find_element(By.ID, "sim-on").click()
    phone.find_element(By.ID, "sim-cadence").clear()
    phone.find_element(By.ID, "sim-cadence").send_keys("176")
    phone.find_element(By.ID, "sim-pace").clear()
    phone.find_element(By.ID, "sim-pace").send_keys("4:30")
    # On a slow network the run is recorded while it loads: when its view appears, it shows the music already.
    set_offline(phone, False, latency=1500)
    phone.find_element(By.ID, "run-start").click()
    wait_until(phone, lambda: phone.find_element(By.ID, "run-now").is_displayed(), message="the run did not start")
    assert "BPM" in text(phone, "run-tempo"), f"the run's view appeared without its music's tempo: {text(phone, 'run-tempo')}"
    set_offline(phone, False)
    run_id = phone.find_element(By.TAG_NAME, "body").get_attribute("data-run-id")
    assert run_id
    assert phone.find_element(By.ID, "run-simulated").is_displayed(), "the live page does not say the run is simulated"
    assert not phone.find_element(By.ID, "sim-on").is_enabled(), "the simulator can be switched during the run"
    wait_until(phone, lambda: text(phone, "run-interval") == first_interval, message="the phone does not show the interval")
    wait_until(phone, lambda: text(phone, "run-pace") == "4:30 /km")
    wait_until(phone, lambda: text(phone, "run-distance") != "0.00 km")
    assert "BPM" in text(phone, "run-tempo"), text(phone, "run-tempo")
    rate = float(phone.find_element(By.ID, "run-audio").get_attribute("data-rate"))
    assert 0.9 <= rate <= 1.1, rate  # within the ±8% stretch budget
    assert phone.execute_script("return document.getElementById('run-audio').preservesPitch") is True

    # The watch: the run view shows the interval, the time left and the pace.
    watch.get(f"{base}/watch/run")
    wait_until(watch, lambda: status(watch) == "online", message="the watch never came online")
    wait_until(watch, lambda: text(watch, "watch-interval").startswith(first_interval), message="the watch does not show the interval")
    wait_until(watch, lambda: text(watch, "watch-pace") == "4:30 /km", message="the watch does not show the pace")
    wait_until(watch, lambda: text(watch, "watch-hr") not in ("", "–"))
    assert text(watch, "watch-hr-label") == "Sim. HR", "the watch does not say its heart rate is simulated"
    check_page(watch, "watch run view")
    watch_screenshot(watch, "tempo-watch-run.png")
    check_page(phone, "live run page, running")
    screenshot(phone, "tempo-live-run.png")

    # The watch loses its network: it keeps counting and recording, and syncs when it is back.
    set_offline(watch, True)
    try:
        wait_until(watch, lambda: status(watch) == "offline", timeout=8)
    except Exception:
        # Emulated offline did not close the open WebSocket: close it from the page (reconnects fail while offline).
        print("emulated offline left the WebSocket open; closing it from the page")
        watch.execute_script("window.cadenceWatchLive.socket && window.cadenceWatchLive.socket.close()")
        wait_until(watch, lambda: status(watch) == "offline", timeout=8, message="the watch did not go offline")
    offline_from = int(time.time()) + 1
    left_before = text(watch, "watch-time-left")
    time.sleep(6)
    offline_until = int(time.time()) - 1
    assert text(watch, "watch-time-left") != left_before, "the watch stopped counting offline"
    assert text(watch, "watch-interval").startswith(first_interval)
    pending = int(watch.find_element(By.TAG_NAME, "body").get_attribute("data-samples-pending"))
    assert pending >= 5, f"the watch did not keep its offline samples ({pending})"
    set_offline(watch, False)
    wait_until(watch, lambda: status(watch) == "online", timeout=40, message="the watch did not reconnect")
    wait_until(watch, lambda: int(watch.find_element(By.TAG_NAME, "body").get_attribute("data-samples-pending")) <= 2,
               timeout=20, message="the watch's offline samples were not synced")

    # Pause and resume from the watch reach the phone.
    watch.find_element(By.ID, "watch-pause").click()
    wait_until(phone, lambda: text(phone, "run-pause") == "Resume", message="the watch's pause did not reach the phone")
    watch.find_element(By.ID, "watch-pause").click()
    wait_until(phone, lambda: text(phone, "run-pause") == "Pause", message="the watch's resume did not reach the phone")
    time.sleep(2)

    # The phone ends and saves: the run page.
    phone.find_element(By.ID, "run-end").click()
    wait_until(phone, lambda: phone.find_element(By.ID, "run-save").is_displayed())
    phone.find_element(By.ID, "run-save").click()
    wait_until(phone, lambda: phone.current_url.endswith(f"/phone/tempo/runs/{run_id}"), message="saving did not open the run page")
    wait_until(phone, lambda: phone.find_element(By.ID, "run-page").get_attribute("data-loaded") == "true")
    time.sleep(4)  # the watch's last samples
    check_page(phone, "run page")
    screenshot(phone, "tempo-run.png")

    assert "simulated" in text(phone, "run-when")
    assert phone.find_element(By.ID, "run-simulated").is_displayed(), "the run page does not say the run is simulated"

    code, raw = fetch_json(phone, f"/api/v1/tempo/runs/{run_id}")
    assert code == 200, raw
    body = json.loads(raw)
    assert body["run"]["status"] == "finished"
    assert body["run"]["simulated"] is True
    started = calendar.timegm(time.strptime(body["run"]["startedAt"], "%Y-%m-%dT%H:%M:%SZ"))
    ended = calendar.timegm(time.strptime(body["run"]["endedAt"], "%Y-%m-%dT%H:%M:%SZ"))
    code, raw = fetch_json(phone, f"/api/v1/tempo/runs/{run_id}/samples")
    samples = {sample["t"] // 1000: sample for sample in json.loads(raw)}
    missing = [t - started for t in range(started, ended + 1) if t not in samples]
    assert not missing, f"seconds without a sample (from the start): {missing}"
    no_hr = [t - started for t in range(offline_from, offline_until + 1) if samples[t].get("hr") is None]
    assert not no_hr, f"the watch's offline heart rate is missing at seconds {no_hr}"
    assert all(samples[t].get("lat") is not None for t in range(offline_from, offline_until + 1)), "the phone's positions are missing"
    distance = body["summary"]["distance"]
    assert distance > 50, distance

    # The history shows it once.
    phone.get(f"{base}/phone/tempo/runs")
    wait_until(phone, lambda: phone.find_element(By.TAG_NAME, "body").get_attribute("data-runs") is not None)
    assert len(phone.find_elements(By.CSS_SELECTOR, f"#runs [data-run-id='{run_id}']")) == 1
    assert len(phone.find_elements(By.CSS_SELECTOR, "#runs .run-item")) == 1
    assert "simulated" in phone.find_element(By.CSS_SELECTOR, f"#runs [data-run-id='{run_id}'] .run-facts").text
    check_page(phone, "run history")

    # The exports say the run is simulated; the GPX imported again: the same distance within 1%, still simulated.
    code, tcx = fetch_json(phone, f"/api/v1/tempo/runs/{run_id}/export.tcx")
    assert code == 200 and "no sensor measured" in tcx
    code, gpx = fetch_json(phone, f"/api/v1/tempo/runs/{run_id}/export.gpx")
    assert code == 200 and "<gpx" in gpx and "<src>Cadence runner simulator</src>" in gpx
    code, raw = fetch_json(phone, "/api/v1/tempo/runs/import", "POST", gpx)
    assert code == 201, raw
    imported = json.loads(raw)
    assert abs(imported["summary"]["distance"] - distance) <= distance * 0.01, (imported["summary"]["distance"], distance)
    assert imported["run"]["simulated"] is True

    # An import that is not GPX or TCX is refused with a message on the history page.
    bad = tmp_path / "notes.gpx"
    bad.write_text("this is not a track")
    phone.get(f"{base}/phone/tempo/runs")
    phone.find_element(By.ID, "import-file").send_keys(str(bad))
    phone.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]").click()
    wait_until(phone, lambda: phone.find_element(By.ID, "import-error").is_displayed(), message="no error for a bad file")
    assert phone.find_element(By.ID, "import-error").get_attribute("role") == "alert"
    phone.get_log("browser")  # the refused file's 400, which the console logs, was the point

    # Another program's file with one untimed point, imported as a walk: kept, with the point counted
    # and its line named on the page and on the run's page, and the walk's cleaning said there.
    phone.find_element(By.ID, "import-file").send_keys(str(GPXPY_FIXTURES / "cerknicko-jezero-without-elevations.gpx"))
    Select(phone.find_element(By.ID, "import-activity")).select_by_value("walking")
    phone.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]").click()
    wait_until(phone, lambda: phone.find_element(By.ID, "import-warnings").is_displayed(), message="no warning for the untimed point")
    assert "line 982" in text(phone, "import-warnings"), text(phone, "import-warnings")
    assert "295 of 296 points" in text(phone, "import-status"), text(phone, "import-status")
    check_page(phone, "run history after an import with a warning")
    phone.find_element(By.CSS_SELECTOR, "#runs .run-item:last-child a").click()  # 2010: the oldest run
    wait_until(phone, lambda: phone.find_element(By.ID, "run-page").get_attribute("data-loaded") == "true")
    assert "line 982" in text(phone, "run-import-warnings")
    assert "walking" in text(phone, "run-cleaning") and "segments are kept apart" in text(phone, "run-cleaning")
    check_page(phone, "imported run page")


def watch_screenshot(browser, name):
    set_viewport(browser, 176, 215)
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    (ARTIFACTS / name).write_bytes(base64.b64decode(shot["data"]))
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def make_songs_small(tmp_path):
    """Two 20-second songs (make_songs renders four of 30 s; this test needs less)."""
    import subprocess
    import sys

    from browser.test_tempo import CORPUS
    result = subprocess.run([sys.executable, str(CORPUS), str(tmp_path), "--count", "2", "--seconds", "20"],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        return make_songs(tmp_path)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    return [(tmp_path / song["file"], song["bpm"]) for song in manifest]


def sample_fields(browser, run_id):
    """Which fields the run's stored samples carry, and how many samples there are."""
    code, raw = fetch_json(browser, f"/api/v1/tempo/runs/{run_id}/samples")
    assert code == 200, raw
    samples = json.loads(raw)
    return {key for sample in samples for key, value in sample.items() if value is not None}, len(samples)


def test_without_the_simulator_the_watch_records_no_heart_rate(driver, second_driver, own_server):
    phone, watch, base = driver, second_driver, own_server.base
    pair_watch(phone, watch, base, unique_email("nosim"))

    # A run on the phone with the simulator off (no plan, no music); the watch takes part.
    phone.get(f"{base}/phone/tempo/run")
    wait_until(phone, lambda: phone.find_element(By.ID, "run-start").is_enabled())
    assert not phone.find_element(By.ID, "sim-on").is_selected()
    phone.find_element(By.ID, "run-start").click()
    wait_until(phone, lambda: phone.find_element(By.ID, "run-now").is_displayed(), message="the run did not start")
    run_id = phone.find_element(By.TAG_NAME, "body").get_attribute("data-run-id")
    assert not phone.find_element(By.ID, "run-simulated").is_displayed()
    watch.get(f"{base}/watch/run")
    wait_until(watch, lambda: watch.find_element(By.TAG_NAME, "body").get_attribute("data-run-id") == run_id,
               message="the watch did not take up the phone's run")
    time.sleep(5)  # the watch records (and sends) what it has for a few seconds
    assert text(watch, "watch-hr") == "–", "the watch shows a heart rate it did not measure"
    assert text(watch, "watch-hr-label") == "HR"
    wait_until(watch, lambda: int(watch.find_element(By.TAG_NAME, "body").get_attribute("data-samples-pending")) <= 2,
               message="the watch's samples were not sent")
    phone.find_element(By.ID, "run-end").click()
    wait_until(phone, lambda: phone.find_element(By.ID, "run-save").is_displayed())
    phone.find_element(By.ID, "run-save").click()
    wait_until(phone, lambda: phone.current_url.endswith(f"/phone/tempo/runs/{run_id}"), message="saving did not open the run page")

    fields, count = sample_fields(phone, run_id)
    assert count >= 5, count
    assert "hr" not in fields, f"a heart rate was stored without a sensor: {fields}"
    code, raw = fetch_json(phone, f"/api/v1/tempo/runs/{run_id}")
    body = json.loads(raw)
    assert body["run"]["simulated"] is False
    assert "averageHeartRate" not in body["summary"] and "maxHeartRate" not in body["summary"], body["summary"]
    wait_until(phone, lambda: phone.find_element(By.ID, "run-page").get_attribute("data-loaded") == "true")
    assert not phone.find_element(By.ID, "run-simulated").is_displayed()

    # A measured run counts in the progress and on the home's Tempo card (a simulated one would not).
    phone.get_log("browser")  # the live page's geolocation has no network location provider here: not this page's
    phone.get(f"{own_server.base}/phone/tempo/runs")
    wait_until(phone, lambda: "1 run in twelve weeks" in phone.find_element(By.ID, "progress-status").text,
               message=f"progress: {phone.find_element(By.ID, 'progress-status').text!r}")
    assert len(phone.find_elements(By.CSS_SELECTOR, "#progress-weeks tbody tr")) == 12
    assert "None yet" in phone.find_element(By.ID, "progress-bests").text
    check_page(phone, "runs page with progress")
    phone.get(f"{own_server.base}/phone")
    card = phone.find_element(By.CSS_SELECTOR, ".module-card.module-tempo")
    assert "Last run:" in card.text and "This week" in card.text and "1 run" in card.text, card.text


def test_a_run_started_on_the_watch_is_shown_on_the_phone_and_saved_once(driver, second_driver, own_server):
    phone, watch, base = driver, second_driver, own_server.base
    pair_watch(phone, watch, base, unique_email("watchfirst"))

    # The watch starts a run of its own (no plan, no phone playing).
    watch.get(f"{base}/watch/run")
    wait_until(watch, lambda: status(watch) == "online", message="the watch never came online")
    watch.find_element(By.ID, "watch-start").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "watch-run").is_displayed(), message="the watch did not start a run")
    run_id = watch.find_element(By.TAG_NAME, "body").get_attribute("data-run-id").lower()
    assert run_id and text(watch, "watch-skip") == "End"

    # The phone's run page says a run is recording elsewhere, with a link to it.
    phone.get(f"{base}/phone/tempo/run")
    wait_until(phone, lambda: phone.find_element(By.ID, "run-elsewhere").is_displayed(),
               message="the phone did not say that the watch is recording a run")
    assert "recording" in text(phone, "run-elsewhere")
    assert run_id in phone.find_element(By.CSS_SELECTOR, "#run-elsewhere a").get_attribute("href").lower()
    check_page(phone, "live run page while the watch records")

    # A few seconds of samples, then End on the watch: the notice goes, the run is in history once.
    time.sleep(3)
    watch.find_element(By.ID, "watch-skip").click()
    wait_until(phone, lambda: not phone.find_element(By.ID, "run-elsewhere").is_displayed(), timeout=20,
               message="the phone still shows the run after the watch ended it")
    status_code, body = fetch_json(phone, "/api/v1/tempo/runs")
    assert status_code == 200, body
    mine = [run for run in json.loads(body) if run["id"].lower() == run_id]
    assert len(mine) == 1, mine
    assert mine[0]["status"] != "recording" and mine[0]["sampleCount"] >= 2, mine[0]
    # The watch has no heart-rate sensor and no simulator was turned on: no heart rate was stored.
    fields, _ = sample_fields(phone, run_id)
    assert "hr" not in fields, f"the watch stored a heart rate it did not measure: {fields}"
    assert mine[0]["simulated"] is False
