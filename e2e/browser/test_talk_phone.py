"""Issue 39 on the Talks pages: the phone controls a running talk with the watch open beside it, cues are typed one
after another without leaving the page, and the watch's end of a talk says what happened."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser.pagecheck import check_page, set_viewport
from browser.test_accounts import fill, shown, signed_in_account, submit
from browser.test_live import pair_watch, pair_with_code, status
from browser.test_talks import cast_talk, run_steps
from browser.waiting import wait_until
from conftest import unique_email


def panel_state(phone):
    return phone.find_element(By.ID, "watch-panel").get_attribute("data-state")


def step_button(phone, action):
    return phone.find_element(By.CSS_SELECTOR, f"[data-steps] button[value='{action}']")


def test_cast_waits_for_a_watch_then_the_phone_runs_the_talk_with_the_watch(driver, second_driver, own_server):
    phone, watch, base = driver, second_driver, own_server.base
    signed_in_account(phone, base, "Remo")
    # Before a watch is paired, Cast is there but cannot be pressed, and the page says what to do.
    phone.get(base + "/phone/talks")
    fill(phone, title="Remote talk", duration="1:00")
    submit(phone)
    wait_until(phone, lambda: "/phone/talks/" in phone.current_url)
    phone.find_element(By.ID, "keyword").send_keys("Hello", Keys.ENTER)
    wait_until(phone, lambda: [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".cue-keyword")] == ["Hello"])
    cast = phone.find_element(By.CSS_SELECTOR, "form[action$='/cast'] button")
    assert not cast.is_enabled()
    blocked = phone.find_element(By.ID, "cast-blocked")
    assert "paired watch" in blocked.text
    assert blocked.find_element(By.CSS_SELECTOR, "a[href='/phone/devices']")
    talk_url = phone.current_url

    # With a watch paired (the same account), Cast works, then Start; while it runs there is no Start, only
    # Pause, Next and Stop, and the watch follows each.
    pair_with_code(phone, watch, base, "Remo's watch")
    set_viewport(watch, 198, 242)
    wait_until(watch, lambda: status(watch) == "online")
    phone.get(talk_url)
    assert panel_state(phone) == "uncast"
    phone.find_element(By.CSS_SELECTOR, "form[action$='/cast'] button").click()
    wait_until(phone, lambda: panel_state(phone) == "ready", message="the talk page never said the talk is on the watch")
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-title").text == "Remote talk")
    start = phone.find_element(By.CSS_SELECTOR, "[data-start] button")
    assert "primary" in start.get_attribute("class")
    start.click()
    wait_until(phone, lambda: panel_state(phone) == "running", message="the phone never showed the run")
    assert not start.is_displayed(), "Start is still offered while the talk runs"
    assert phone.find_element(By.ID, "phone-keyword").text == "Hello"
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Hello")
    wait_until(phone, lambda: phone.find_element(By.ID, "phone-left").text.endswith("left"))
    assert phone.current_url == talk_url
    check_page(phone, "talk page while its run is on")

    step_button(phone, "pause").click()
    wait_until(phone, lambda: panel_state(phone) == "paused")
    assert shown(phone, ".paused-badge").text == "Paused"
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-pause").text == "Resume", message="the watch did not pause")
    step_button(phone, "resume").click()
    wait_until(phone, lambda: panel_state(phone) == "running")
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-pause").text == "Pause", message="the watch did not resume")
    step_button(phone, "stop").click()
    wait_until(phone, lambda: panel_state(phone) == "finished")
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Finished")
    assert run_steps(phone) == ["start", "pause", "resume", "stop"]
    # Finished: no time "left" beside "Finished" on the watch, and Start again on the phone.
    assert watch.find_element(By.ID, "talk-remaining").text == ""
    assert phone.find_element(By.CSS_SELECTOR, "[data-start] button").is_displayed()


def test_cues_go_in_one_after_another_without_leaving_the_keyword(driver, second_driver, own_server):
    phone, watch, base = driver, second_driver, own_server.base
    pair_watch(phone, watch, base, unique_email("quick"))
    phone.get(base + "/phone/talks")
    fill(phone, title="Quick talk", duration="5:00")
    submit(phone)
    wait_until(phone, lambda: "/phone/talks/" in phone.current_url)
    talk_url = phone.current_url
    marker = phone.execute_script("window.samePage = 'yes'; return window.samePage")
    keyword = phone.find_element(By.ID, "keyword")
    assert phone.find_element(By.ID, "time").get_attribute("value") == "0:00"
    keyword.send_keys("Open", Keys.ENTER)
    wait_until(phone, lambda: [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".cue-keyword")] == ["Open"])
    # The next time is proposed, the focus is back in the keyword field: type, Enter, type, Enter.
    assert phone.find_element(By.ID, "time").get_attribute("value") == "0:30"
    assert phone.execute_script("return document.activeElement.id") == "keyword"
    phone.switch_to.active_element.send_keys("Middle", Keys.ENTER)
    wait_until(phone, lambda: len(phone.find_elements(By.CSS_SELECTOR, ".cue-keyword")) == 2)
    assert phone.find_element(By.ID, "time").get_attribute("value") == "1:00"
    phone.switch_to.active_element.send_keys("Close", Keys.ENTER)
    wait_until(phone, lambda: [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".cue-keyword")] == ["Open", "Middle", "Close"])
    assert [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".cue-time")] == ["0:00", "0:30", "1:00"]
    # No reload, no jump to the top: the same page, the page's script state kept.
    assert phone.execute_script("return window.samePage") == marker
    assert phone.current_url == talk_url
    assert "3 cues" in phone.find_element(By.ID, "talk-summary").text
    assert shown(phone, "#snackbar").text == "Added"


def test_a_refused_cue_survives_a_reload_of_its_address(driver, own_server):
    """Defect: a refused cue left the browser on /phone/talks/{id}/cues, and opening that address again answered "GET
    is not supported here; use POST." (The page's script is off here, as in a browser without it.)"""
    phone, base = driver, own_server.base
    signed_in_account(phone, base, "Rey")
    phone.get(base + "/phone/talks")
    fill(phone, title="Reload talk", duration="0:30")
    submit(phone)
    wait_until(phone, lambda: "/phone/talks/" in phone.current_url)
    talk_url = phone.current_url
    phone.execute_script("document.querySelector('[data-quick-add]').removeAttribute('data-quick-add')")
    fill(phone, keyword="Too late", time="0:45")
    phone.find_element(By.CSS_SELECTOR, "form[action$='/cues'] button").click()
    wait_until(phone, lambda: phone.current_url.endswith("/cues"))
    assert "after the end" in shown(phone, ".cue-add [role=alert]").text
    phone.get(phone.current_url)  # the address again, as a reload or the history does
    wait_until(phone, lambda: phone.current_url == talk_url, message=f"stayed on {phone.current_url}")
    assert "not supported here" not in phone.find_element(By.TAG_NAME, "main").text
    assert phone.find_element(By.TAG_NAME, "h1").text == "Reload talk"


def test_the_watch_after_the_last_cue_and_after_a_reload(driver, second_driver, own_server):
    """Defects: "Finished" came with "0:25 left" after Next past the last cue, and a reload stayed on Finished
    instead of the talk's title."""
    phone, watch, base = driver, second_driver, own_server.base
    pair_watch(phone, watch, base, unique_email("ended"))
    set_viewport(watch, 176, 215)
    wait_until(watch, lambda: status(watch) == "online")
    cast_talk(phone, watch, base, "Short talk", "0:30", [("Only", "0")])
    watch.find_element(By.ID, "talk-start").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Only")
    watch.find_element(By.ID, "talk-next").click()
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == "Finished")
    assert watch.find_element(By.ID, "talk-remaining").text == ""
    assert "left" not in watch.find_element(By.ID, "talk-running").text
    assert watch.execute_script("return document.documentElement.scrollHeight") <= 215
    watch.refresh()
    wait_until(watch, lambda: status(watch) == "online")
    wait_until(watch, lambda: watch.find_element(By.ID, "talk-title").text == "Short talk",
               message="after a reload the watch did not show the talk's title")
    assert not watch.find_element(By.ID, "talk-running").is_displayed()
    assert watch.find_element(By.ID, "talk-start").is_displayed()
    check_page(watch, "the watch after a finished talk, reloaded")
