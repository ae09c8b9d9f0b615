"""Tempo as a new user meets it: upload a few generated songs through the library page and
see each one's BPM, try the preview at another speed, build the interval plan from the
"6 × (2 min sprint + 3 min easy)" template, make a playlist, remove a song and watch the
rest rebalance. Every Tempo page passes the page checks; phone-size screenshots of the
library, the plan editor and the playlist go to e2e/artifacts."""
import base64
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser.pagecheck import check_page, set_viewport
from browser.test_accounts import shown, sign_in, wait_for_path
from conftest import ARTIFACTS, api, unique_email
from browser.waiting import wait_until as shared_wait_until

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "make_songs.py"


def wait_until(driver, condition, timeout=20, message=""):
    shared_wait_until(driver, condition, timeout, message, poll=0.2)


def make_songs(outdir):
    if not shutil.which("fluidsynth") or not Path("/usr/share/sounds/sf2/FluidR3_GM.sf2").exists():
        pytest.fail("the song corpus needs Debian fluidsynth and fluid-soundfont-gm (apt-get install fluidsynth fluid-soundfont-gm)")
    result = subprocess.run([sys.executable, str(CORPUS), str(outdir), "--count", "4", "--seconds", "30"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"make_songs.py failed:\n{result.stdout}\n{result.stderr}"
    manifest = json.loads((outdir / "manifest.json").read_text())
    return [(outdir / song["file"], song["bpm"]) for song in manifest]


def screenshot(driver, name):
    """The whole page at phone width (taller than the screen when the page is)."""
    set_viewport(driver, 390, 844)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    set_viewport(driver, 390, min(max(844, height), 6000))
    driver.execute_script("window.scrollTo(0, 0)")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    (ARTIFACTS / name).write_bytes(base64.b64decode(shot["data"]))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def song_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#songs .tempo-song")


def row_bpm(row):
    match = re.match(r"([\d.]+) BPM", row.find_element(By.CSS_SELECTOR, ".tempo-song-bpm").text)
    return float(match.group(1)) if match else None


def playlist_json(driver, playlist_id):
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"fetch('/api/v1/tempo/playlists/{playlist_id}').then(r => r.json()).then(done, e => done(String(e)));")


def api_status(driver, path):
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"fetch('{path}').then(r => done(r.status), e => done(String(e)));")


def test_upload_songs_plan_intervals_make_and_rebalance_a_playlist(driver, server, tmp_path):
    songs = make_songs(tmp_path)
    email = unique_email("tempo")
    assert api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Tia", "password": "tempo password 1"})[0] == 201
    sign_in(driver, server, email, "tempo password 1")

    # The home card leads to the library, empty at first.
    driver.find_element(By.LINK_TEXT, "Tempo").click()
    wait_for_path(driver, "/phone/tempo")
    wait_until(driver, lambda: "No songs yet" in driver.find_element(By.ID, "songs-count").text)
    check_page(driver, "tempo library, empty")

    # Uploading nothing is refused with a named field.
    driver.find_element(By.CSS_SELECTOR, "#tempo-upload button[type=submit]").click()
    assert "Choose one or more" in shown(driver, "#upload-error[role=alert]").text
    assert driver.find_element(By.ID, "tempo-files").get_attribute("aria-invalid") == "true"

    # Upload all four at once; each appears and is analysed in the background.
    driver.find_element(By.ID, "tempo-files").send_keys("\n".join(str(path) for path, _ in songs))
    driver.find_element(By.CSS_SELECTOR, "#tempo-upload button[type=submit]").click()
    wait_until(driver, lambda: len(song_rows(driver)) == 4, message="the uploaded songs did not appear")
    wait_until(driver, lambda: all(row.get_attribute("data-analysis") == "done" for row in song_rows(driver)),
               timeout=120, message="the songs were not analysed in time")
    wait_until(driver, lambda: all(row_bpm(row) for row in song_rows(driver)), message="a song shows no BPM")
    assert "Added 4 songs" in driver.find_element(By.ID, "upload-status").text
    titles = {row.find_element(By.CSS_SELECTOR, ".tempo-song-title").text for row in song_rows(driver)}
    assert titles == {path.stem for path, _ in songs}
    for row in song_rows(driver):
        assert re.search(r"\d% sure", row.find_element(By.CSS_SELECTOR, ".tempo-song-bpm").text)
        assert row.find_element(By.CSS_SELECTOR, ".tempo-song-duration").text == "0:30"

    # Sorted by BPM, and filtered to a range, by the server.
    Select(driver.find_element(By.ID, "sort")).select_by_value("bpm")
    wait_until(driver, lambda: "sort=bpm" in driver.current_url)
    wait_until(driver, lambda: [row_bpm(r) for r in song_rows(driver)] == sorted(row_bpm(r) for r in song_rows(driver)))
    bpms = sorted(row_bpm(r) for r in song_rows(driver))
    low, high = bpms[1] - 0.05, bpms[2] + 0.05
    driver.find_element(By.ID, "minBpm").send_keys(f"{low:.2f}")
    driver.find_element(By.ID, "maxBpm").send_keys(f"{high:.2f}")
    driver.find_element(By.CSS_SELECTOR, "#tempo-filter button[type=submit]").click()
    wait_until(driver, lambda: len(song_rows(driver)) == 2, message="the BPM filter did not apply")
    assert "2 songs in that BPM range" in driver.find_element(By.ID, "songs-count").text
    driver.find_element(By.ID, "minBpm").clear()
    driver.find_element(By.ID, "maxBpm").clear()
    driver.find_element(By.CSS_SELECTOR, "#tempo-filter button[type=submit]").click()
    wait_until(driver, lambda: len(song_rows(driver)) == 4)

    # The preview plays faster with the pitch kept, and says the tempo it reaches.
    first = song_rows(driver)[0]
    song_bpm = row_bpm(first)
    first.find_element(By.CSS_SELECTOR, "summary").click()
    wait_until(driver, lambda: first.find_elements(By.CSS_SELECTOR, "input[type=range]"), message="the preview did not open")
    slider = first.find_element(By.CSS_SELECTOR, "input[type=range]")
    driver.execute_script("arguments[0].value = '1.1'; arguments[0].dispatchEvent(new Event('input'))", slider)
    assert f"≈ {round(song_bpm * 1.1)} BPM" in first.find_element(By.CSS_SELECTOR, "output").text
    audio = first.find_element(By.TAG_NAME, "audio")
    assert driver.execute_script("return [arguments[0].playbackRate, arguments[0].preservesPitch]", audio) == [1.1, True]
    assert audio.get_attribute("src").endswith("/file")
    # "Double" sets the tempo from the analysis' alternatives; "Back to" clears it.
    first.find_element(By.CSS_SELECTOR, "[data-action=double]").click()
    wait_until(driver, lambda: "set by you" in song_rows(driver)[-1].text or any("set by you" in r.text for r in song_rows(driver)))
    edited = next(r for r in song_rows(driver) if "set by you" in r.text)
    assert abs(row_bpm(edited) - 2 * song_bpm) <= 0.1 * song_bpm
    edited.find_element(By.CSS_SELECTOR, "[data-action=clear]").click()
    wait_until(driver, lambda: not any("set by you" in r.text for r in song_rows(driver)))
    check_page(driver, "tempo library with songs")
    screenshot(driver, "tempo-library-phone.png")

    # Plans: start from the interval template.
    driver.find_element(By.LINK_TEXT, "Plans").click()
    wait_for_path(driver, "/phone/tempo/plans")
    wait_until(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#templates button.tempo-template")) == 3)
    check_page(driver, "tempo plans")
    template = next(b for b in driver.find_elements(By.CSS_SELECTOR, "#templates button.tempo-template")
                    if "6 × (2 min sprint + 3 min easy)" in b.text)
    # A template is previewed before it becomes a plan: its curve and steps, then "Use this plan".
    template.click()
    preview = template.find_element(By.XPATH, "following-sibling::div[contains(@class, 'tempo-template-preview')]")
    wait_until(driver, lambda: preview.is_displayed() and preview.find_elements(By.CSS_SELECTOR, "svg polyline"))
    assert "40:00 in all" in preview.text and "6 ×" in preview.text and "Sprint · 2:00" in preview.text, preview.text
    assert not re.search(r"/phone/tempo/plans/[0-9a-f-]{36}$", driver.current_url), "a plan was made before it was chosen"
    check_page(driver, "tempo plans, a template previewed")
    preview.find_element(By.CSS_SELECTOR, "button[data-use]").click()
    wait_until(driver, lambda: re.search(r"/phone/tempo/plans/[0-9a-f-]{36}$", driver.current_url))
    plan_id = driver.current_url.rsplit("/", 1)[1]
    wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, "#plan-curve polyline"), message="no intensity curve")
    assert driver.find_element(By.ID, "plan-name").get_attribute("value").startswith("6 × (2 min sprint")
    assert "40:00" in driver.find_element(By.ID, "plan-summary").text
    axis = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#plan-curve text")]
    assert "minutes" in axis and "steps/min" in axis and "40" in axis
    count = driver.find_element(By.CSS_SELECTOR, "[data-path='steps[0].repeat.count']")
    assert count.get_attribute("value") == "6"
    assert driver.find_element(By.CSS_SELECTOR, "[data-path='steps[0].repeat.steps[0].name']").get_attribute("value") == "Sprint"
    # Each interval is a row in one line; one opens at a time (the editor was 5,810 px tall with every field out).
    rows = driver.find_elements(By.CSS_SELECTOR, "#plan-steps .tempo-step-row")
    assert len(rows) == 3 and not any(row.get_attribute("open") for row in rows), "the steps open all at once"
    assert [row.find_element(By.CSS_SELECTOR, ".step-name").text for row in rows] == ["Sprint", "Easy", "Cool-down"]
    assert "2 min" in rows[0].text and "zone 5" in rows[0].text, rows[0].text
    rows[0].find_element(By.TAG_NAME, "summary").click()
    assert rows[0].get_attribute("open") is not None
    rows[1].find_element(By.TAG_NAME, "summary").click()
    wait_until(driver, lambda: rows[1].get_attribute("open") is not None and rows[0].get_attribute("open") is None,
               message="opening a step left the one before open")

    # A bad value is refused by the API, which names the field; the input is marked.
    count.clear()
    count.send_keys("99")
    driver.find_element(By.ID, "plan-save").click()
    error = shown(driver, "#plan-error[role=alert]")
    assert "steps[0].repeat.count" in error.text and "Repeat 1 to 50 times" in error.text
    assert driver.find_element(By.CSS_SELECTOR, "[data-path='steps[0].repeat.count']").get_attribute("aria-invalid") == "true"
    # The API's 400 is the answer the page shows; Chromium logs it as a failed load, and that is the only error.
    logged = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert all(f"/api/v1/tempo/plans/{plan_id} - Failed to load resource: the server responded with a status of 400" in m
               for m in logged), logged
    check_page(driver, "tempo plan editor with an error")
    count = driver.find_element(By.CSS_SELECTOR, "[data-path='steps[0].repeat.count']")
    count.clear()
    count.send_keys("6")
    driver.find_element(By.ID, "plan-save").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "snackbar").text == "Saved.")
    assert driver.find_element(By.ID, "plan-error").get_attribute("hidden") is not None
    check_page(driver, "tempo plan editor")
    screenshot(driver, "tempo-plan-phone.png")

    # Make a playlist from it.
    driver.find_element(By.ID, "make-playlist").click()
    wait_until(driver, lambda: re.search(r"/phone/tempo/playlists/[0-9a-f-]{36}$", driver.current_url), message="no playlist page")
    playlist_id = driver.current_url.rsplit("/", 1)[1]
    wait_until(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#entries .tempo-entry"))
    chart = driver.find_element(By.ID, "playlist-chart")
    wait_until(driver, lambda: chart.find_elements(By.CSS_SELECTOR, "polyline"))
    before = playlist_json(driver, playlist_id)
    entries = driver.find_elements(By.CSS_SELECTOR, "#entries .tempo-entry")
    assert len(entries) == len(before["playlist"]["entries"])
    assert int(chart.get_attribute("data-songs")) == len(entries)
    assert before["playlist"]["coverage"] > 0.99
    text = entries[0].text
    assert "Target" in text and "Song" in text and "Stretch" in text and "%" in text
    assert entries[0].find_element(By.CSS_SELECTOR, ".tempo-why").text
    # Four 30-second songs cannot fill 40 minutes without repeats; the page says so.
    assert driver.find_elements(By.CSS_SELECTOR, "#playlist-warnings li")
    check_page(driver, "tempo playlist")
    screenshot(driver, "tempo-playlist-phone.png")

    # Remove the first song: it is gone from the whole list, the rest still covers the plan,
    # and the chart is drawn again.
    removed = entries[0].get_attribute("data-song-id")
    drawn = chart.get_attribute("data-bars")
    revision = driver.find_element(By.ID, "playlist").get_attribute("data-revision")
    entries[0].find_element(By.CSS_SELECTOR, "button[data-op=remove]").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "playlist").get_attribute("data-revision") != revision,
               message="the playlist was not redrawn")
    assert "planned again" in driver.find_element(By.ID, "playlist-status").text
    ids = [e.get_attribute("data-song-id") for e in driver.find_elements(By.CSS_SELECTOR, "#entries .tempo-entry")]
    assert ids and removed not in ids
    after = playlist_json(driver, playlist_id)
    assert removed not in {e["song"]["id"].lower() for e in after["playlist"]["entries"]}
    assert after["playlist"]["coverage"] > 0.99, after["playlist"]["warnings"]
    entries_after = after["playlist"]["entries"]
    assert entries_after[-1]["start"] + entries_after[-1]["duration"] >= after["playlist"]["planDuration"] - 30
    chart = driver.find_element(By.ID, "playlist-chart")
    assert chart.get_attribute("data-bars") != drawn
    assert int(chart.get_attribute("data-songs")) == len(ids) == len(chart.find_elements(By.CSS_SELECTOR, "rect.chart-song"))

    # Pin the new first entry; it stays through another edit.
    first_entry = driver.find_elements(By.CSS_SELECTOR, "#entries .tempo-entry")[0]
    pinned_song = first_entry.get_attribute("data-song-id")
    revision = driver.find_element(By.ID, "playlist").get_attribute("data-revision")
    first_entry.find_element(By.CSS_SELECTOR, "button[data-op=pin]").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "playlist").get_attribute("data-revision") != revision)
    first_entry = driver.find_elements(By.CSS_SELECTOR, "#entries .tempo-entry")[0]
    assert "Pinned" in first_entry.text and first_entry.get_attribute("data-song-id") == pinned_song
    check_page(driver, "tempo playlist after edits")

    # The plan page lists the playlist.
    driver.get(f"{server}/phone/tempo/plans/{plan_id}")
    wait_until(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#plan-playlists a"))

    # Back in the library, a song is deleted after a confirmation.
    driver.get(f"{server}/phone/tempo")
    wait_until(driver, lambda: len(song_rows(driver)) == 4)
    last = song_rows(driver)[-1]
    gone = last.get_attribute("data-id")
    last.find_element(By.CSS_SELECTOR, "summary").click()
    wait_until(driver, lambda: last.find_elements(By.CSS_SELECTOR, ".tempo-delete"))
    last.find_element(By.CSS_SELECTOR, ".tempo-delete").click()
    confirm = last.find_element(By.CSS_SELECTOR, "[data-action=confirm-delete]")
    assert confirm.is_displayed() and "Delete “" in last.find_element(By.CSS_SELECTOR, ".tempo-confirm").text
    confirm.click()
    wait_until(driver, lambda: len(song_rows(driver)) == 3, message="the song was not deleted")
    assert gone not in [r.get_attribute("data-id") for r in song_rows(driver)]
    check_page(driver, "tempo library after a delete")
    assert api_status(driver, f"/api/v1/tempo/songs/{gone}") == 404
