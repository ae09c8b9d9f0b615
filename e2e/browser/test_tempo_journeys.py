"""Issue 39 on Tempo's pages and the run tables: a run without music says nothing of songs, a run is saved even when
its end was left unanswered, the history starts empty with a way in, and no table heading breaks inside a word."""
from selenium.webdriver.common.by import By

from browser.pagecheck import check_page, set_viewport
from browser.test_accounts import signed_in_account
from browser.waiting import wait_until
from conftest import api

BROKEN_WORDS = """
    // Each word of each visible table heading, as laid out: a word drawn on two lines is broken.
    const broken = [];
    for (const th of document.querySelectorAll('th')) {
      if (!th.offsetParent) continue;
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;"""


def start_run(driver, base, simulated=True):
    driver.get(f"{base}/phone/tempo/run")
    wait_until(driver, lambda: driver.find_element(By.ID, "run-start").is_enabled())
    if simulated and not driver.find_element(By.ID, "sim-on").is_selected():
        driver.find_element(By.ID, "sim-on").click()
    driver.find_element(By.ID, "run-start").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "run-now").is_displayed(), message="the run did not start")
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-run-id")


def test_a_run_without_music_says_nothing_of_songs(driver, own_server):
    """Defect: with "No music", the run said "Following your cadence of 170 → song at +0 %" and offered Next song."""
    base = own_server.base
    signed_in_account(driver, base, "silent")
    start_run(driver, base)
    wait_until(driver, lambda: driver.find_element(By.ID, "run-elapsed").text not in ("", "0:00"))
    assert not driver.find_element(By.ID, "run-skip").is_displayed(), "Next song is offered without music"
    assert driver.find_element(By.ID, "run-why").text == ""
    assert not driver.find_element(By.ID, "run-tempo").is_displayed()
    assert not driver.find_element(By.ID, "run-source").is_displayed()
    assert "song" not in driver.find_element(By.ID, "run-now").text.lower()
    check_page(driver, "a run without music")


def test_an_ended_run_is_saved_even_when_its_question_is_left(driver, own_server):
    """Defect: a run ended and left without Save or Keep going stayed "recording" in the history, and its prompt waited
    on the start page. A run is saved by default now."""
    base = own_server.base
    token = signed_in_account(driver, base, "leaver")
    run_id = start_run(driver, base)
    wait_until(driver, lambda: driver.find_element(By.ID, "run-elapsed").text not in ("", "0:00"))
    driver.find_element(By.ID, "run-end").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "run-save-box").is_displayed())
    # The end is a summary that says it is being saved.
    assert " in " in driver.find_element(By.ID, "run-summary-line").text
    assert "Saving to your history" in driver.find_element(By.ID, "run-autosave").text
    # Left at once, to the history: the run is there, saved, not "recording".
    driver.get(f"{base}/phone/tempo/runs")
    wait_until(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f"[data-run-id='{run_id}']"), message="the run is not listed")
    wait_until(driver, lambda: api(base, "GET", f"/api/v1/tempo/runs/{run_id}", token=token)[1]["run"]["status"] == "finished",
               message="the ended run was never saved")
    driver.refresh()
    wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, f"[data-run-id='{run_id}']"))
    assert "recording" not in driver.find_element(By.CSS_SELECTOR, f"[data-run-id='{run_id}']").text
    # The start page starts afresh: no question waiting there.
    driver.get(f"{base}/phone/tempo/run")
    wait_until(driver, lambda: driver.find_element(By.ID, "run-start").is_displayed())
    assert not driver.find_element(By.ID, "run-save-box").is_displayed()


def test_an_ended_run_saves_itself_after_its_countdown(driver, own_server):
    base = own_server.base
    token = signed_in_account(driver, base, "waiter")
    run_id = start_run(driver, base)
    driver.find_element(By.ID, "run-end").click()
    wait_until(driver, lambda: driver.current_url.endswith(f"/phone/tempo/runs/{run_id}"), timeout=30,
               message="the run was not saved by itself")
    assert api(base, "GET", f"/api/v1/tempo/runs/{run_id}", token=token)[1]["run"]["status"] == "finished"


def test_the_history_starts_empty_with_a_way_in(driver, own_server):
    base = own_server.base
    signed_in_account(driver, base, "newcomer")
    set_viewport(driver, 390, 844)
    driver.get(f"{base}/phone/tempo/runs")
    wait_until(driver, lambda: driver.find_element(By.ID, "progress-status").text != "")
    assert not driver.find_element(By.ID, "progress-weeks").is_displayed(), "twelve empty weeks are shown"
    assert driver.find_element(By.CSS_SELECTOR, ".module-tabs a[href='/phone/tempo/run']").is_displayed()
    assert "No runs yet" in driver.find_element(By.ID, "runs-status").text


def test_no_table_heading_breaks_inside_a_word_on_a_phone(driver, own_server):
    """Defect: at 390 px the runs' table split its headings mid-word ("Planne/d", "Actua/l", "Drif/t")."""
    base = own_server.base
    token = signed_in_account(driver, base, "tabler")
    status, topic = api(base, "POST", "/api/v1/talks/topics", {
        "title": "Table talk", "duration": 300,
        "cues": [{"keyword": "An opening with a rather long keyword to fill the column", "time": "0:00"},
                 {"keyword": "Close", "time": "1:00"}]},
        token=token)
    assert status == 201, topic
    assert api(base, "POST", "/api/v1/talks/runs", {"topicId": topic["id"]}, token=token)[0] in (200, 201)
    set_viewport(driver, 390, 844)
    driver.get(f"{base}/phone/talks/{topic['id'].lower()}")
    summary = driver.find_element(By.CSS_SELECTOR, ".run-summary summary")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)  # (above the module bar)
    summary.click()
    assert driver.find_elements(By.CSS_SELECTOR, ".run-summary th")
    assert driver.execute_script(BROKEN_WORDS) == []
    assert driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


def test_an_empty_library_offers_cadences_demo_songs(driver, own_server):
    """A newcomer can try Tempo without music of their own: three grooves Cadence makes, marked as demo songs."""
    base = own_server.base
    signed_in_account(driver, base, "demoer")
    driver.get(f"{base}/phone/tempo")
    offer = driver.find_element(By.ID, "add-demo")
    wait_until(driver, offer.is_displayed, message="an empty library offers no demo songs")
    check_page(driver, "empty library with the demo offer")
    offer.click()
    wait_until(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#songs .tempo-song")) == 3, timeout=30)
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#songs .tempo-song-title")]
    assert sorted(titles) == ["Cadence demo · 150 BPM", "Cadence demo · 165 BPM", "Cadence demo · 180 BPM"], titles
    assert len(driver.find_elements(By.CSS_SELECTOR, "#songs .tempo-badge")) == 3
    assert not driver.find_element(By.ID, "add-demo").is_displayed()
