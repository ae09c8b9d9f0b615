"""Plans and playlists kept and trimmed as a runner would: a written plan saved as a template of their own (it appears
on the Plans page marked as theirs and starts a new plan; deleting it asks first), a song added at a chosen place in a
playlist (the songs before it stay, it is pinned there, the rest is planned again), and the playlist deleted (asked
first; the plan page no longer lists it). Every page passes the page checks."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser.pagecheck import check_page
from browser.test_tempo import playlist_json, wait_until
from browser.test_tempo_run import make_songs_small, signed_in_runner, upload_analysed
from conftest import api

PASSWORD = "plans password 1"


def test_a_plan_becomes_a_template_and_a_playlist_gains_a_song_then_goes(driver, server, tmp_path):
    token = signed_in_runner(driver, server, "plans", PASSWORD)
    upload_analysed(server, token, [path for path, _ in make_songs_small(tmp_path)])
    code, plan = api(server, "POST", "/api/v1/tempo/plans", {"name": "Hill Tuesday", "activity": "running", "steps": [
        {"interval": {"name": "Easy", "length": {"seconds": 120}, "target": {"zone": 2}}},
        {"interval": {"name": "Hard", "length": {"seconds": 60}, "target": {"zone": 4}}}]}, token=token)
    assert code == 201, plan
    plan_id = plan["plan"]["id"].lower()

    # The plan page: save it as a template.
    driver.get(f"{server}/phone/tempo/plans/{plan_id}")
    wait_until(driver, lambda: driver.find_element(By.ID, "plan-name").get_attribute("value") == "Hill Tuesday")
    driver.find_element(By.ID, "save-template").click()
    wait_until(driver, lambda: "Saved as a template: “Hill Tuesday”" in driver.find_element(By.ID, "plan-notice").text,
               message="the template was not saved")

    # The plans page lists it as the runner's own; a new plan starts from it.
    driver.get(f"{server}/phone/tempo/plans")
    own = "#templates .tempo-own-template"
    wait_until(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, own)) == 1, message="the own template is not listed")
    assert "Yours · running" in driver.find_element(By.CSS_SELECTOR, own).text
    check_page(driver, "plans page with an own template")
    driver.find_element(By.CSS_SELECTOR, f"{own} .tempo-template").click()
    driver.find_element(By.CSS_SELECTOR, f"{own} button[data-use]").click()
    wait_until(driver, lambda: "/phone/tempo/plans/" in driver.current_url and plan_id not in driver.current_url,
               message="no new plan was made from the template")
    wait_until(driver, lambda: driver.find_element(By.ID, "plan-name").get_attribute("value") == "Hill Tuesday")
    # Deleting it asks first; "Keep it" keeps it, "Delete" removes it.
    driver.get(f"{server}/phone/tempo/plans")
    wait_until(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, own)) == 1)
    driver.find_element(By.CSS_SELECTOR, f"{own} .tempo-delete").click()
    driver.find_element(By.CSS_SELECTOR, f"{own} .tempo-confirm [data-action=confirm-delete]").click()
    wait_until(driver, lambda: not driver.find_elements(By.CSS_SELECTOR, own), message="the template was not deleted")
    assert len(api(server, "GET", "/api/v1/tempo/templates", token=token)[1]) == 3

    # A playlist for the plan; add the other song before the first entry.
    code, playlist = api(server, "POST", f"/api/v1/tempo/plans/{plan_id}/playlists", {"options": {"allowRepeats": True}}, token=token)
    assert code in (200, 201), playlist
    playlist_id = playlist["id"].lower()
    before = [e["song"]["id"].lower() for e in playlist["playlist"]["entries"]]
    library = api(server, "GET", "/api/v1/tempo/songs", token=token)[1]
    other = next(s for s in library if s["id"].lower() != before[0])
    driver.get(f"{server}/phone/tempo/playlists/{playlist_id}")
    wait_until(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#entries .tempo-entry"), message="no entries shown")
    first = driver.find_element(By.CSS_SELECTOR, "#entries .tempo-entry")
    first.find_element(By.CSS_SELECTOR, ".tempo-swap summary").click()
    wait_until(driver, lambda: first.find_elements(By.CSS_SELECTOR, ".tempo-swap select option"))
    Select(first.find_element(By.CSS_SELECTOR, ".tempo-swap select")).select_by_value(other["id"])
    first.find_element(By.CSS_SELECTOR, "[data-op=insert]").click()
    wait_until(driver, lambda: "Added" in driver.find_element(By.ID, "playlist-status").text, message="the song was not added")
    entries = playlist_json(driver, playlist_id)["playlist"]["entries"]
    assert entries[0]["song"]["id"].lower() == other["id"].lower() and entries[0]["pinned"], entries[0]
    shown = driver.find_element(By.CSS_SELECTOR, "#entries .tempo-entry")
    assert shown.get_attribute("data-song-id") == other["id"].lower() and "Pinned" in shown.text
    check_page(driver, "playlist page after adding a song")

    # The mix: made on the page, with progress, then playable and downloadable.
    driver.find_element(By.ID, "mix-render").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "mix").get_attribute("data-state") == "done"
               and driver.find_element(By.ID, "mix").get_attribute("data-stale") == "false", timeout=120,
               message=f"the mix was not made: {driver.find_element(By.ID, 'mix-status').text!r}")
    assert "Ready:" in driver.find_element(By.ID, "mix-status").text
    assert driver.find_element(By.ID, "mix-audio").is_displayed()
    assert driver.find_element(By.ID, "mix-download-m4a").get_attribute("href").endswith("/mix.m4a?download")
    check_page(driver, "playlist page with its mix")

    # A run with this playlist plays the mix: one file, moving on by itself.
    driver.get(f"{server}/phone/tempo/run?plan={plan_id}&playlist={playlist_id}")
    wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, f"#run-playlist option[value='{playlist_id}']").is_selected())
    driver.find_element(By.ID, "sim-on").click()
    driver.find_element(By.ID, "run-start").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "run-now").is_displayed(), message="the run did not start")
    audio = driver.find_element(By.ID, "run-audio")
    driver.execute_script("arguments[0].muted = true", audio)
    wait_until(driver, lambda: audio.get_attribute("data-mix") == "true" and "/mix." in (audio.get_attribute("src") or ""),
               message="the run does not play the mix")
    wait_until(driver, lambda: driver.execute_script("return arguments[0].currentTime", audio) > 2, timeout=20,
               message="the mix does not play")
    assert driver.find_element(By.ID, "run-song").text.startswith("♪ Mix:")
    driver.find_element(By.ID, "run-end").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "run-save").is_displayed())
    driver.get(f"{server}/phone/tempo/playlists/{playlist_id}")
    wait_until(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#entries .tempo-entry"))

    # Delete the playlist: asked first, then back on the plan page with no playlists.
    driver.find_element(By.CSS_SELECTOR, "#playlist-delete-box .tempo-delete").click()
    driver.find_element(By.CSS_SELECTOR, "#playlist-delete-box [data-action=confirm-delete]").click()
    wait_until(driver, lambda: driver.current_url.endswith(f"/phone/tempo/plans/{plan_id}"), message="not back on the plan page")
    wait_until(driver, lambda: driver.find_element(By.ID, "playlists-empty").is_displayed(), message="the playlist is still listed")
    assert api(server, "GET", f"/api/v1/tempo/playlists/{playlist_id}", token=token)[0] == 404
