"""A planned run on the wrist through the phone's notifications (issue 37, Tempo). The phone page starts a run on a
plan of three 20-s intervals and reports its pauses; the server itself pushes each interval as it begins, "Halfway"
and "Done", to the subscription whose phone chose "Cues on my watch through this phone's notifications": each
encrypted, VAPID-signed, TTL 30 and Urgency high, at its moment (at most 250 ms late, never early). A pause on the
page holds what is pending and moves it by the pause. In Chromium's service worker a run's push is not shown while the
run's own page is in front (it says the same), and is shown once the page is not."""
import json
import time

from selenium.webdriver.common.by import By

from browser.test_accounts import sign_in
from browser.test_push import new_account, notifications, push_service, push_worker, subscribe  # noqa: F401 — push_service: the fixture
from browser.test_wrist_cues import Push, assert_on_time, choose_wrist_cues, pushes, show_in_worker, sleep_until, wait_for_pushes
from browser.waiting import wait_until
from conftest import api
from push_service import PushBrowserKeys

PATH = "/push/tempo-phone"


def active_run(driver):
    """The run as the phone page keeps it (its start, pauses and pause instants, ms on this machine's clock)."""
    return json.loads(driver.execute_script("return localStorage.getItem('cadence.tempo.activeRun')") or "null")


def press_pause(driver):
    """The page's Pause/Resume button, and the run as the page then has it."""
    before = active_run(driver)
    driver.find_element(By.ID, "run-pause").click()
    wait_until(driver, lambda: active_run(driver) != before, message="the page did not pause or resume")
    return active_run(driver)


def assert_run_push(push, run_id, server_key, title, body):
    message = push.message
    assert push.vapid_ok and push.headers["Authorization"].endswith("k=" + server_key), push.headers.get("Authorization")
    assert push.headers["Content-Encoding"] == "aes128gcm"
    assert push.headers["TTL"] == "30" and push.headers["Urgency"] == "high", push.headers
    assert (message["title"], message["body"]) == (title, body), message
    assert message["tag"] == f"tempo-run-{run_id}"  # one notification per run, each replacing the last
    assert message["module"] == "tempo" and message["url"] == "/phone/tempo/run"
    assert message["quietWhileOpen"] == "/phone/tempo/run"


def test_a_planned_runs_intervals_are_pushed_at_their_moments_and_pause_with_the_run(driver, server, push_service):
    email, password, token = new_account(server, "tempo-wrist")
    keys = PushBrowserKeys()
    subscribe(server, token, keys, push_service.base + PATH)
    choose_wrist_cues(server, token, push_service.base + PATH, True)
    _, key = api(server, "GET", "/api/v1/push/key", token=token)
    status_code, plan = api(server, "POST", "/api/v1/tempo/plans", {"name": "Three twenties", "activity": "running", "steps": [
        {"interval": {"name": name, "length": {"seconds": 20}, "target": {"cadence": cadence}}}
        for name, cadence in (("Warm-up", 150), ("Sprint", 175), ("Cool-down", 150))]}, token=token)
    assert status_code == 201, plan
    plan_id = plan["plan"]["id"].lower()

    sign_in(driver, server, email, password)
    driver.get(f"{server}/phone/tempo/run?plan={plan_id}")
    wait_until(driver, lambda: driver.find_element(By.CSS_SELECTOR, f"#run-plan option[value='{plan_id}']").is_selected(),
               message="the plan was not offered")
    driver.find_element(By.ID, "run-start").click()
    wait_until(driver, lambda: driver.find_element(By.ID, "run-now").is_displayed(), message="the run did not start")
    run = active_run(driver)
    run_id, start = run["id"], run["startedAt"]

    # The first interval as the run starts (its start is the whole second the page stamped, up to 1 s before).
    warm_up = wait_for_pushes(push_service, PATH, keys, 1)[0]
    assert_run_push(warm_up, run_id, key["publicKey"], "Warm-up", "0:20 · 150 steps/min")
    assert 0 <= warm_up.arrived - start / 1000 <= 2.0, f"the first interval came {warm_up.arrived - start / 1000:.2f} s after the start"
    sprint = wait_for_pushes(push_service, PATH, keys, 2, timeout=25)[1]
    assert_run_push(sprint, run_id, key["publicKey"], "Sprint", "0:20 · 175 steps/min")
    assert_on_time(sprint, start + 20_000, "Sprint")

    # Paused on the page at 0:25 for 8 s: "Halfway" (0:30 of running) does not come while it stands.
    sleep_until((start + 25_000) / 1000)
    paused = press_pause(driver)
    assert paused["pausedAt"], paused
    sleep_until((start + 33_000) / 1000)
    assert len(pushes(push_service, PATH, keys)) == 2, "a moment was pushed while the run was paused"
    resumed = press_pause(driver)
    [pause] = resumed["pauses"]
    held = pause["end"] - pause["start"]

    # Resumed: the rest at their moments, each later by the pause.
    halfway, cool_down, done = wait_for_pushes(push_service, PATH, keys, 5, timeout=45)[2:]
    assert_run_push(halfway, run_id, key["publicKey"], "Halfway", "0:30 to go")
    assert_on_time(halfway, start + 30_000 + held, "Halfway, after the pause")
    assert_run_push(cool_down, run_id, key["publicKey"], "Cool-down", "0:20 · 150 steps/min")
    assert_on_time(cool_down, start + 40_000 + held, "Cool-down")
    assert_run_push(done, run_id, key["publicKey"], "Done", "1:00")  # no position was measured: no distance
    assert_on_time(done, start + 60_000 + held, "Done")
    time.sleep(1)
    assert len(pushes(push_service, PATH, keys)) == 5, "each moment once"
    assert not driver.find_element(By.ID, "run-error").is_displayed(), driver.find_element(By.ID, "run-error").text

    # With the run's page gone, its push is shown; with the page in front it is not (the page says the same), while a
    # push that does not name the page is shown there all the same.
    driver.get(server + "/phone/devices")
    page, worker, registration_id = push_worker(driver, server)
    [shown] = show_in_worker(page, worker, server, registration_id, sprint)
    assert (shown["title"], shown["body"], shown["tag"]) == ("Sprint", "0:20 · 175 steps/min", f"tempo-run-{run_id}")
    worker.evaluate("self.registration.getNotifications().then((shown) => shown.forEach((n) => n.close()))")
    worker.close()
    page.close()
    driver.get(server + "/phone/tempo/run")
    wait_until(driver, lambda: driver.find_element(By.ID, "run-now").is_displayed(), message="the run page did not come back")
    page, worker, registration_id = push_worker(driver, server)
    page.send("ServiceWorker.deliverPushMessage", {"origin": server, "registrationId": registration_id, "data": sprint.text})
    time.sleep(1.5)
    assert notifications(worker) == [], "the run's push was shown over the run's own page"
    loud = Push(sprint.arrived, sprint.headers, sprint.vapid_ok, json.dumps({**sprint.message, "quietWhileOpen": None, "title": "Loud"}),
                {**sprint.message, "title": "Loud"})
    [shown] = show_in_worker(page, worker, server, registration_id, loud)
    assert shown["title"] == "Loud"
