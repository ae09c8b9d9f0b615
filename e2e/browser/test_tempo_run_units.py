"""The run pages in the account's units and language (issue 23): an account in miles and Spanish sees a 10 km run
as 6,21 mi at 8:03 /mi, with a decimal comma, on the history, the progress table and the run page; its GPX export
and the API stay in metres."""
import datetime
import json
import time
import urllib.request
import wave

from selenium.webdriver.common.by import By

from browser.pagecheck import check_page
from browser.test_tempo import wait_until
from browser.test_tempo_progress import gpx
from browser.test_tempo_run import GPXPY_FIXTURES, signed_in_runner, upload
from conftest import api


def test_an_imperial_spanish_runner_sees_miles_with_a_decimal_comma(driver, own_server):
    base = own_server.base
    token = signed_in_runner(driver, base, "miles", "miles-pass-1")
    start = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) - datetime.timedelta(hours=2)
    request = urllib.request.Request(f"{base}/api/v1/tempo/runs/import?activity=running",
                                     data=gpx(start, 10_000, 3000).encode(), method="POST")  # 5:00 /km, 8:03 /mi
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/gpx+xml")
    with urllib.request.urlopen(request) as response:
        run = json.loads(response.read())["run"]
    run_id = run["id"].lower()
    assert api(base, "PATCH", "/api/v1/account", {"units": "imperial", "language": "es"}, token=token)[0] == 200

    driver.get(f"{base}/phone/tempo/runs")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    item = f"#runs li[data-run-id='{run_id}'] .run-facts"
    wait_until(driver, lambda: driver.find_elements(By.CSS_SELECTOR, item), message="the run in the history")
    facts = driver.find_element(By.CSS_SELECTOR, item).text
    assert "6,21 mi" in facts and "8:03 /mi" in facts and "50:00" in facts, facts
    assert "km" not in facts, facts
    wait_until(driver, lambda: "1 carrera en doce semanas" in driver.find_element(By.ID, "progress-status").text,
               message=f"progress: {driver.find_element(By.ID, 'progress-status').text!r}")
    weeks = driver.find_element(By.ID, "progress-weeks").text
    assert "6,21 mi (1)" in weeks and "8:03 /mi" in weeks, weeks
    assert driver.find_element(By.CSS_SELECTOR, "label[for='profile-weight']").text == "Peso (lb)"
    check_page(driver, "runs page in miles and Spanish")

    driver.get(f"{base}/phone/tempo/runs/{run_id}")
    wait_until(driver, lambda: driver.find_element(By.ID, "run-page").get_attribute("data-loaded") == "true", message="run page")
    distance = driver.find_element(By.CSS_SELECTOR, "[data-stat='distance']").text
    pace = driver.find_element(By.CSS_SELECTOR, "[data-stat='pace']").text
    assert distance == "6,21 mi" and pace == "8:03 /mi", (distance, pace)
    assert "Ritmo medio" in driver.find_element(By.ID, "run-stats").text
    # Splits per mile: six whole miles, then the 0,21 mi left, under a "mi" heading.
    assert driver.find_element(By.CSS_SELECTOR, "#run-splits thead th").text == "mi"
    labels = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "#run-splits tbody th")]
    assert labels == ["1", "2", "3", "4", "5", "6", "7 (0,21 mi)"], labels
    first_pace = driver.find_element(By.CSS_SELECTOR, "#run-splits tbody tr td:nth-of-type(2)").text
    assert first_pace == "8:03 /mi", first_pace
    # How the calories were estimated, said from the summary's method code rather than the server's English.
    method = driver.find_element(By.ID, "run-calories-method").text
    assert method.startswith("Ecuación ACSM de carrera a partir de la velocidad y el desnivel"), method
    check_page(driver, "run page in miles and Spanish")

    # What files and the API say stays in metres.
    status, body = api(base, "GET", f"/api/v1/tempo/runs/{run_id}", token=token)
    assert status == 200 and abs(body["summary"]["distance"] - 10_000) < 10, body["summary"]["distance"]


def test_what_an_import_noticed_is_said_in_spanish(driver, own_server):
    """Another program's file, read by a Spanish account: the warning for its untimed point (with its line), the
    segments kept apart and the impossible jumps are Spanish on the run page, said from the report's notes; the API
    keeps its English sentences for programs beside the notes."""
    base = own_server.base
    token = signed_in_runner(driver, base, "notas", "notas-pass-1")
    assert api(base, "PATCH", "/api/v1/account", {"language": "es"}, token=token)[0] == 200
    fixture = GPXPY_FIXTURES / "cerknicko-jezero-without-elevations.gpx"
    request = urllib.request.Request(f"{base}/api/v1/tempo/runs/import?activity=walking", data=fixture.read_bytes(), method="POST")
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/gpx+xml")
    with urllib.request.urlopen(request) as response:
        body = json.loads(response.read())
    report = body["importReport"]
    assert report["warnings"] == ["1 trackpoint without a time was left out (line 982): a run's samples are moments."], report
    assert report["warningNotes"] == [{"key": "tempo.import.warning.untimed_at_line", "values": {"count": 1, "line": "982"}}], report
    assert any("segments are kept apart" in note for note in report["notes"]), report["notes"]

    driver.get(f"{base}/phone/tempo/runs/{body['run']['id'].lower()}")
    wait_until(driver, lambda: driver.find_element(By.ID, "run-page").get_attribute("data-loaded") == "true", message="run page")
    warnings = driver.find_element(By.ID, "run-import-warnings").text
    assert warnings == "Se omitió 1 punto sin hora (línea 982): las muestras de una carrera son instantes.", warnings
    cleaning = driver.find_element(By.ID, "run-cleaning").text
    assert "segmentos del archivo se mantienen separados" in cleaning and "caminando" in cleaning, cleaning
    for english in ("trackpoint", "segments", "dropped", "walking"):
        assert english not in cleaning + warnings, (english, cleaning)
    check_page(driver, "imported run's notes in Spanish")


def test_why_a_song_failed_is_said_in_spanish(driver, own_server, tmp_path):
    """A WAV cut in half, uploaded by a Spanish account: the library says why its analysis failed in Spanish (from
    the song's note), while the API's message keeps the decoder's English detail."""
    base = own_server.base
    token = signed_in_runner(driver, base, "cortada", "cortada-pass-1")
    assert api(base, "PATCH", "/api/v1/account", {"language": "es"}, token=token)[0] == 200
    whole = tmp_path / "whole.wav"
    with wave.open(str(whole), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22_050)
        out.writeframes(b"\x00\x10" * 22_050 * 4)
    cut = tmp_path / "cortada.wav"
    cut.write_bytes(whole.read_bytes()[: whole.stat().st_size // 2])
    upload(base, token, cut)
    deadline = time.time() + 30
    while (song := api(base, "GET", "/api/v1/tempo/songs", token=token)[1][0])["analysis"] not in ("done", "failed"):
        assert time.time() < deadline, song
        time.sleep(0.2)
    assert song["analysis"] == "failed" and "truncated" in song["message"], song

    driver.get(f"{base}/phone/tempo")
    wait_until(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#songs .tempo-song .tempo-song-bpm"), message="the song row")
    said = driver.find_element(By.CSS_SELECTOR, "#songs .tempo-song .tempo-song-bpm").text
    assert said == "El archivo está cortado o dañado: vuelve a subirlo.", said
    check_page(driver, "library with a failed song in Spanish")
