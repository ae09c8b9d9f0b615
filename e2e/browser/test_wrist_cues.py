"""Cues on the wrist through the phone's notifications (issue 37), end to end without the internet. With a talk
running and no page open, the server itself pushes each moment at its instant to the subscriptions whose phone chose
"Cues on my watch through this phone's notifications": each cue as it comes on screen, then "Time's up" — each
encrypted for that browser, VAPID-signed, TTL 30 and Urgency high, at most 250 ms late and never early (as the suite's
push service, e2e/push_service.py, measures it). A subscription or an account that did not choose them gets none. In
Chromium the pushes become one notification per run that each cue replaces; its Next moves the run on the server and
sends the next cue at once, its Pause holds the next cue until the run is resumed, and after Stop nothing more comes.
An open watch page shows each pushed keyword as it is pushed. The choice itself is a checkbox on the Devices page and
on a talk's page, at watch, phone and desktop sizes, kept on the server per phone."""
import json
import math
import time
from typing import NamedTuple

from selenium.webdriver.common.by import By

from browser.pagecheck import SIZES, check_page, set_viewport
from browser.test_accounts import sign_in
from browser.test_live import pair_watch, status
from browser.test_push import new_account, notifications, push_service, push_worker, subscribe  # noqa: F401 — push_service: the fixture
from browser.waiting import wait_until
from conftest import ARTIFACTS, api, unique_email
from push_service import PushBrowserKeys

# How late a push may reach the push service after its moment: the scheduler sleeps at most 50 ms, then claims the
# moment in the database, encrypts and posts it.
LATE = 0.25
# Never early; a few ms allowed for two reads of the same clock (the server and this test share the machine).
EARLY = 0.005
LABEL = "Cues on my watch through this phone's notifications"


class Push(NamedTuple):
    arrived: float  # time.time() when the push service took it
    headers: dict
    vapid_ok: bool
    text: str  # the decrypted payload, as the browser hands it to the service worker
    message: dict  # the same, parsed


def pushes(push_service, path, keys):
    """Every push to `path` so far, decrypted with the keys of the browser that subscribed there."""
    found = []
    for arrived, (_, headers, body, vapid_ok) in push_service.timed_requests_to(path):
        text = keys.decrypt(body).decode()
        found.append(Push(arrived, headers, vapid_ok, text, json.loads(text)))
    return found


def wait_for_pushes(push_service, path, keys, count, timeout=10):
    """The pushes to `path` once there are `count` of them (without waiting for more: the next may be timed)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = pushes(push_service, path, keys)
        if len(found) >= count:
            return found
        time.sleep(0.01)
    found = pushes(push_service, path, keys)
    raise AssertionError(f"{len(found)} pushes to {path} within {timeout} s, expected {count}: "
                         f"{[push.message['title'] for push in found]}")


def sleep_until(instant):
    time.sleep(max(0.0, instant - time.time()))


def lateness(push, instant_ms):
    """How long after its instant (ms on the server's clock) the push arrived, in seconds (negative: early)."""
    return push.arrived - instant_ms / 1000


def assert_on_time(push, instant_ms, what):
    late = lateness(push, instant_ms)
    print(f"wrist cue {what!r}: arrived {late * 1000:+.1f} ms after its instant")
    assert -EARLY <= late <= LATE, f"{what!r} arrived {late * 1000:+.1f} ms after its instant (allowed 0 to {LATE * 1000:.0f} ms)"


def new_talk(server, token, title, duration, cues):
    """A topic with `cues` [(keyword, "m:ss")] made through the API; returns its body."""
    status_code, topic = api(server, "POST", "/api/v1/talks/topics", {
        "title": title, "duration": duration, "cues": [{"keyword": keyword, "time": at} for keyword, at in cues]}, token=token)
    assert status_code == 201, topic
    return topic


def start_run(server, token, topic_id):
    """Starts a run as the phone does (it becomes the cast run); returns the run and its start (ms, server's clock)."""
    status_code, run = api(server, "POST", "/api/v1/talks/runs", {"topicId": topic_id}, token=token)
    assert status_code == 201, run
    [start] = [step["at"] for step in run["steps"] if step["action"] == "start"]
    return run, start


def take_step(server, token, run_id, action):
    status_code, run = api(server, "POST", f"/api/v1/talks/runs/{run_id}/steps", {"action": action}, token=token)
    assert status_code == 200, run
    return run


def get_run(server, token, run_id):
    status_code, run = api(server, "GET", f"/api/v1/talks/runs/{run_id}", token=token)
    assert status_code == 200, run
    return run


def step_at(run, action):
    return [step["at"] for step in run["steps"] if step["action"] == action][-1]


def choose_wrist_cues(server, token, endpoint, on):
    status_code, subscription = api(server, "PUT", "/api/v1/push/wrist-cues", {"endpoint": endpoint, "on": on}, token=token)
    assert status_code == 200 and subscription["wristCues"] is on, subscription
    return subscription


def subscriptions(server, token):
    status_code, listed = api(server, "GET", "/api/v1/push/subscriptions", token=token)
    assert status_code == 200, listed
    return {subscription["id"]: subscription for subscription in listed}


def assert_cue_push(push, run, index, server_key):
    """A cue's push as the issue describes it: the keyword as its title, "n of total · time left · next: …" below."""
    cues = run["cues"]
    message = push.message
    assert push.vapid_ok, push.headers.get("Authorization")
    assert push.headers["Authorization"].endswith("k=" + server_key)
    assert push.headers["Content-Encoding"] == "aes128gcm"
    assert push.headers["TTL"] == "30" and push.headers["Urgency"] == "high", push.headers
    assert message["title"] == cues[index]["keyword"], message
    assert message["tag"] == f"talk-{run['id'].lower()}"
    assert message["url"] == f"/phone/talks/{run['topicId'].lower()}"
    assert message["module"] == "talks"
    assert message["data"] == {"runId": run["id"].lower()}, message["data"]
    assert [action["action"] for action in message["actions"]] == ["talk-next", "talk-pause"]
    assert [action["title"] for action in message["actions"]] == ["Next", "Pause"]
    assert message["vibrate"] and all(isinstance(n, int) and n > 0 for n in message["vibrate"]), message


def cue_body(run, index, seconds_left):
    cues = run["cues"]
    left = f"{seconds_left // 60}:{seconds_left % 60:02d}"
    position = f"{index + 1} of {len(cues)} · {left}"
    return f"{position} · next: {cues[index + 1]['keyword']}" if index + 1 < len(cues) else position


def test_each_cue_then_times_up_is_pushed_at_its_instant_signed_and_encrypted(server, push_service):
    _, _, token = new_account(server, "wrist")
    keys = PushBrowserKeys()
    endpoint = push_service.base + "/push/wrist-phone"
    subscription = subscribe(server, token, keys, endpoint)
    assert subscription["wristCues"] is False  # off until the phone chooses it
    chosen = choose_wrist_cues(server, token, endpoint, True)
    assert chosen["id"] == subscription["id"] and chosen["thisBrowser"] is True  # the token's session made it
    assert subscriptions(server, token)[subscription["id"]]["wristCues"] is True
    _, key = api(server, "GET", "/api/v1/push/key", token=token)

    topic = new_talk(server, token, "Wrist talk", "0:06", [("Hello", "0"), ("Demo", "0:02"), ("Thanks", "0:04")])
    run, start = start_run(server, token, topic["id"])
    assert run["duration"] == 6 and [cue["at"] for cue in run["cues"]] == [0, 2, 4]

    # Each cue in order as it comes on screen, then "Time's up" at the end (a 6 s talk: no "2 minutes left").
    for index, cue in enumerate(run["cues"]):
        push = wait_for_pushes(push_service, "/push/wrist-phone", keys, index + 1)[index]
        assert_cue_push(push, run, index, key["publicKey"])
        assert push.message["body"] == cue_body(run, index, run["duration"] - cue["at"])
        assert_on_time(push, start + cue["at"] * 1000, cue["keyword"])
    end = wait_for_pushes(push_service, "/push/wrist-phone", keys, 4)[3]
    assert end.vapid_ok and end.headers["TTL"] == "30" and end.headers["Urgency"] == "high", end.headers
    assert end.message["title"] == "Time's up"
    assert end.message["body"] == "Now: Thanks"
    assert end.message["tag"] == f"talk-{run['id'].lower()}"  # it replaces the last cue's notification
    assert end.message["actions"] == []  # nothing left to step
    assert end.message["data"] == {"runId": run["id"].lower()}
    assert_on_time(end, start + run["duration"] * 1000, "Time's up")

    time.sleep(1)
    titles = [push.message["title"] for push in pushes(push_service, "/push/wrist-phone", keys)]
    assert titles == ["Hello", "Demo", "Thanks", "Time's up"]  # each once, and no "2 minutes left"
    assert get_run(server, token, run["id"])["snapshot"]["phase"] == "finished"


def test_two_minutes_left_is_pushed_once_for_a_talk_longer_than_two_minutes(server, push_service):
    _, _, token = new_account(server, "wrist-long")
    keys = PushBrowserKeys()
    subscribe(server, token, keys, push_service.base + "/push/wrist-long")
    choose_wrist_cues(server, token, push_service.base + "/push/wrist-long", True)
    # 2:03 long: "2 minutes left" falls 3 s in, while the first cue is still on screen.
    run, start = start_run(server, token, new_talk(server, token, "Long talk", "2:03", [("Intro", "0"), ("Outro", "1:50")])["id"])
    intro, left = wait_for_pushes(push_service, "/push/wrist-long", keys, 2)
    assert intro.message["title"] == "Intro"
    assert left.message["title"] == "2 minutes left" and left.message["body"] == "Now: Intro", left.message
    assert left.headers["TTL"] == "30" and left.headers["Urgency"] == "high" and left.vapid_ok, left.headers
    assert left.message["tag"] == f"talk-{run['id'].lower()}"
    assert [action["action"] for action in left.message["actions"]] == ["talk-next", "talk-pause"]
    assert_on_time(left, start + 3000, "2 minutes left")
    take_step(server, token, run["id"], "stop")
    time.sleep(0.5)
    assert [push.message["title"] for push in pushes(push_service, "/push/wrist-long", keys)] == ["Intro", "2 minutes left"]


def test_subscriptions_and_accounts_that_did_not_choose_wrist_cues_get_none(server, push_service):
    _, _, token = new_account(server, "chooser")
    on_keys, off_keys = PushBrowserKeys(), PushBrowserKeys()
    on = subscribe(server, token, on_keys, push_service.base + "/push/chose")
    off = subscribe(server, token, off_keys, push_service.base + "/push/did-not")
    choose_wrist_cues(server, token, push_service.base + "/push/chose", True)
    _, _, other_token = new_account(server, "other")
    other_keys = PushBrowserKeys()
    other = subscribe(server, other_token, other_keys, push_service.base + "/push/other")
    # The choice is by this browser's endpoint, within the account: another account's endpoint, or none, is not found.
    assert api(server, "PUT", "/api/v1/push/wrist-cues", {"endpoint": push_service.base + "/push/chose", "on": False},
               token=other_token)[0] == 404
    assert api(server, "PUT", "/api/v1/push/wrist-cues", {"endpoint": push_service.base + "/push/nobody", "on": True},
               token=token)[0] == 404

    cues = [("Open", "0"), ("Close", "0:01")]
    run, _ = start_run(server, token, new_talk(server, token, "Chosen", "0:02", cues)["id"])
    other_run, _ = start_run(server, other_token, new_talk(server, other_token, "Not chosen", "0:02", cues)["id"])

    # The phone that chose them gets the run's moments...
    wait_for_pushes(push_service, "/push/chose", on_keys, 3)
    time.sleep(0.5)
    assert [push.message["title"] for push in pushes(push_service, "/push/chose", on_keys)] == ["Open", "Close", "Time's up"]
    assert get_run(server, other_token, other_run["id"])["snapshot"]["phase"] == "finished"  # the other talk ran too
    # ...the account's other phone, and the account that chose nothing, none (and no other push either).
    assert push_service.requests_to("/push/did-not") == []
    assert push_service.requests_to("/push/other") == []
    # Nothing was dropped for them: both subscriptions are still there, still without the choice.
    listed = subscriptions(server, token)
    assert listed[on["id"]]["wristCues"] is True and listed[off["id"]]["wristCues"] is False
    assert subscriptions(server, other_token)[other["id"]]["wristCues"] is False
    assert get_run(server, token, run["id"])["snapshot"]["phase"] == "finished"


def show_in_worker(page, worker, server, registration_id, push):
    """Hands the decrypted push to the worker as the browser would, and waits until its notification shows. (Chromium
    fetches the notification's icon from the server first: on a loaded machine that alone has taken seconds.)"""
    page.send("ServiceWorker.deliverPushMessage", {"origin": server, "registrationId": registration_id, "data": push.text})
    deadline = time.time() + 15
    shown = []
    while time.time() < deadline:
        shown = notifications(worker)
        if any(notification["title"] == push.message["title"] for notification in shown):
            return shown
        time.sleep(0.05)
    raise AssertionError(f"the worker did not show {push.message['title']!r}: {shown} {worker.events}")


def press(worker, action):
    """A button of the notification on screen, pressed. (DevTools cannot press one, so the worker is handed the click
    event the browser would send.)"""
    assert worker.evaluate("""self.registration.getNotifications().then((shown) => {
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown[0], action: '%s' }));
        return shown.length; })""" % action) == 1


def wait_for_run(server, token, run_id, condition, message, timeout=5):
    deadline = time.time() + timeout
    while time.time() < deadline:
        run = get_run(server, token, run_id)
        if condition(run):
            return run
        time.sleep(0.05)
    raise AssertionError(f"{message}: {run['snapshot']} {[step['action'] for step in run['steps']]}")


def test_the_notification_replaces_itself_and_its_next_and_pause_move_the_run_and_its_pushes(driver, server, push_service):
    email, password, token = new_account(server, "wrist-notify")
    sign_in(driver, server, email, password)
    driver.get(server + "/phone/devices")
    page, worker, registration_id = push_worker(driver, server)
    keys = PushBrowserKeys()
    path = "/push/wrist-chromium"
    subscribe(server, token, keys, push_service.base + path)
    choose_wrist_cues(server, token, push_service.base + path, True)
    topic = new_talk(server, token, "Notified talk", "0:06",
                     [("One", "0"), ("Two", "0:01"), ("Three", "0:03"), ("Four", "0:05")])
    run, start = start_run(server, token, topic["id"])
    tag = f"talk-{run['id'].lower()}"

    # The first cue: one notification, the keyword as its title, the run's tag, its buttons.
    one = wait_for_pushes(push_service, path, keys, 1)[0]
    [notification] = show_in_worker(page, worker, server, registration_id, one)
    assert notification["title"] == "One" and notification["tag"] == tag
    assert notification["body"] == "1 of 4 · 0:06 · next: Two"
    assert notification["actions"] == ["talk-next", "talk-pause"]
    # The second replaces it: still one notification with that tag.
    two = wait_for_pushes(push_service, path, keys, 2)[1]
    assert_on_time(two, start + 1000, "Two")
    shown = show_in_worker(page, worker, server, registration_id, two)
    assert [(n["title"], n["tag"]) for n in shown] == [("Two", tag)], shown

    # "Next" on the notification: the worker steps the run with the browser's own sign-in; the server shows "Three"
    # at once and pushes it then, not at 0:03.
    press(worker, "talk-next")
    stepped = wait_for_run(server, token, run["id"], lambda r: r["snapshot"]["cueIndex"] == 2,
                           "Next on the notification did not move the run to the next cue")
    assert [step["action"] for step in stepped["steps"]] == ["start", "next"]
    next_at = step_at(stepped, "next")
    assert next_at < start + 3000 - 500, "the test was too slow to press Next well before Three's own time"
    three = wait_for_pushes(push_service, path, keys, 3)[2]
    assert three.message["title"] == "Three", three.message
    late = lateness(three, next_at)
    print(f"wrist cue 'Three' after Next: arrived {late * 1000:+.1f} ms after the step")
    assert -EARLY <= late <= 1.0, f"Three was pushed {late:.2f} s after Next"
    assert three.arrived < (start + 3000) / 1000 - 0.4, "Three came at its planned time, not at Next"
    assert three.message["body"] == cue_body(run, 2, math.ceil((6000 - (next_at - start)) / 1000))
    assert notifications(worker) == []  # the pressed notification closed itself
    shown = show_in_worker(page, worker, server, registration_id, three)
    assert [(n["title"], n["tag"]) for n in shown] == [("Three", tag)], shown

    # "Pause" on the notification: the run is paused on the server, and "Four" is not pushed while it is.
    press(worker, "talk-pause")
    paused = wait_for_run(server, token, run["id"], lambda r: r["snapshot"]["phase"] == "paused",
                          "Pause on the notification did not pause the run")
    pause_at = step_at(paused, "pause")
    assert pause_at < start + 5000, "the test was too slow to pause before Four's own time"
    # Pause again on the notification still on show (the talk is paused already): it stays paused, and nothing says
    # the pause failed.
    show_in_worker(page, worker, server, registration_id, three)
    press(worker, "talk-pause")
    time.sleep(1.5)  # the refusal, had it been said, would be a notification by now
    assert [n["title"] for n in notifications(worker)] == [], notifications(worker)
    assert get_run(server, token, run["id"])["snapshot"]["phase"] == "paused"
    sleep_until((start + 5000) / 1000 + 0.5)
    assert len(pushes(push_service, path, keys)) == 3, "a cue was pushed while the run was paused"

    # Resumed: "Four" comes at its moved instant (its time on the talk's clock, later by the pause).
    resumed = take_step(server, token, run["id"], "resume")
    held = step_at(resumed, "resume") - pause_at
    four = wait_for_pushes(push_service, path, keys, 4)[3]
    assert four.message["title"] == "Four" and four.message["body"] == "4 of 4 · 0:01", four.message
    assert_on_time(four, start + 5000 + held, "Four, after the pause")

    # Stopped: nothing more, no "Time's up" when the end would have come.
    take_step(server, token, run["id"], "stop")
    sleep_until((start + 6000 + held) / 1000 + 0.6)
    assert [push.message["title"] for push in pushes(push_service, path, keys)] == ["One", "Two", "Three", "Four"]
    assert get_run(server, token, run["id"])["snapshot"]["phase"] == "finished"

    # A cue's notification still on screen after the talk ended: its Pause is refused, and the worker says so, with
    # the reason the server gave.
    status_code, refusal = api(server, "POST", f"/api/v1/talks/runs/{run['id']}/steps", {"action": "pause"}, token=token)
    assert status_code == 409, refusal
    show_in_worker(page, worker, server, registration_id, four)
    press(worker, "talk-pause")
    deadline = time.time() + 5
    failed = []
    while not failed and time.time() < deadline:
        failed = [n for n in notifications(worker) if n["tag"] == "action-failed"]
        time.sleep(0.05)
    reason = refusal["error"]["message"].rstrip(".")  # the sentence ends with its own full stop
    assert [n["body"] for n in failed] == [f"Could not pause the talk: {reason}."], failed
    worker.close()
    page.close()


def test_an_open_watch_page_shows_each_pushed_cue_as_it_is_pushed(driver, second_driver, server, push_service):
    phone, watch = driver, second_driver
    email = unique_email("wrist-watch")
    pair_watch(phone, watch, server, email)  # registers with "live password 1"
    wait_until(watch, lambda: status(watch) == "online", message="the watch never came online")
    status_code, login = api(server, "POST", "/api/v1/auth/login", {"email": email, "password": "live password 1"})
    assert status_code == 200, login
    token = login["token"]
    keys = PushBrowserKeys()
    path = "/push/wrist-beside-the-watch"
    subscribe(server, token, keys, push_service.base + path)
    choose_wrist_cues(server, token, push_service.base + path, True)
    topic = new_talk(server, token, "Watched talk", "0:04", [("Alpha", "0"), ("Beta", "0:02"), ("Gamma", "0:03")])

    start_run(server, token, topic["id"])
    # What the watch page shows for each moment: the keyword, and "Finished" for "Time's up".
    expected = ["Alpha", "Beta", "Gamma", "Time's up"]
    for index, title in enumerate(expected):
        push = wait_for_pushes(push_service, path, keys, index + 1)[index]
        assert push.message["title"] == title, push.message
        keyword = "Finished" if title == "Time's up" else title
        wait_until(watch, lambda: watch.find_element(By.ID, "talk-keyword").text == keyword,
                   timeout=max(0.1, push.arrived + 1 - time.time()), poll=0.02,
                   message=f"the watch page did not show {keyword!r} within a second of its push")
        print(f"watch page showed {keyword!r} by {(time.time() - push.arrived) * 1000:.0f} ms after its push")
    set_viewport(watch, 176, 215)
    watch.save_screenshot(str(ARTIFACTS / "wrist-cues-watch-finished-176.png"))


def fake_subscription_script(subscription):
    """Headless Chromium has no push service, so the browser's own `pushManager.getSubscription()` answers null and
    `subscribe()` fails. The page is given instead the subscription the test registered for this browser's session
    (its endpoint on the suite's push service, the test's keys), before any of the page's scripts run."""
    return """
        (() => {
          const subscription = %s;
          const given = { endpoint: subscription.endpoint, options: {}, toJSON: () => subscription,
                          unsubscribe: () => Promise.resolve(true) };
          PushManager.prototype.getSubscription = function () { return Promise.resolve(given); };
        })();""" % json.dumps(subscription)


def wrist_box(driver, checked=None):
    """The checkbox once wrist-cues.js has read the saved choice (it is disabled until then)."""
    box = driver.find_element(By.CSS_SELECTOR, "input[data-wrist-cues]")
    wait_until(driver, lambda: box.is_enabled() and (checked is None or box.is_selected() == checked), timeout=10,
               message=f"the wrist-cues box never became enabled{'' if checked is None else f' and {checked}'}")
    return box


def assert_box_at_every_size(driver, label, name):
    """At watch, phone and desktop sizes: the box and its label can be seen and reached; a screenshot of each."""
    for size, (width, height) in SIZES.items():
        set_viewport(driver, width, height)
        box = driver.find_element(By.CSS_SELECTOR, "input[data-wrist-cues]")
        driver.execute_script("arguments[0].scrollIntoView({ block: 'center' })", box)
        box_rect, label_rect, inner = driver.execute_script("""
            const box = arguments[0];
            const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
            return [rect(box), rect(box.closest('label')), [innerWidth, innerHeight]];""", box)
        assert box.is_displayed(), f"{label} at {size}: the box is hidden"
        assert box_rect[2] - box_rect[0] >= 12 and box_rect[3] - box_rect[1] >= 12, f"{label} at {size}: box {box_rect}"
        assert 0 <= label_rect[0] and label_rect[2] <= inner[0], f"{label} at {size}: its label {label_rect} is cut off ({inner})"
        assert 0 <= box_rect[1] and box_rect[3] <= inner[1], f"{label} at {size}: the box {box_rect} is off screen ({inner})"
        driver.save_screenshot(str(ARTIFACTS / f"wrist-cues-{name}-{size}.png"))
    check_page(driver, label)


def saved_choice(server, token, subscription_id):
    return subscriptions(server, token)[subscription_id]["wristCues"]


def tick(driver, box, server, token, subscription_id, on):
    """Clicks the box to `on`; once the page has saved it (the box is enabled again), the server has the choice.
    Returns what the page then says under the box."""
    box.click()
    wait_until(driver, lambda: box.is_enabled() and box.is_selected() == on
               and saved_choice(server, token, subscription_id) is on, timeout=10,
               message=f"{'ticking' if on else 'unticking'} the box did not save the choice")
    driver.save_screenshot(str(ARTIFACTS / f"wrist-cues-{'ticked' if on else 'unticked'}.png"))
    return driver.find_element(By.ID, "wrist-cues-status").text


def test_the_wrist_cues_box_on_the_devices_and_talk_pages_keeps_this_phones_choice(driver, server, push_service):
    email, password, token = new_account(server, "wrist-box")
    topic = new_talk(server, token, "Boxed talk", "0:30", [("Start", "0")])
    sign_in(driver, server, email, password)
    driver.get(server + "/phone/devices")
    page, worker, _ = push_worker(driver, server)  # the registration at /push/ that the page finds the subscription of
    worker.close()
    page.close()
    # This browser's subscription, registered with its own session (so it is `thisBrowser`), as push.js does.
    browser_subscription = PushBrowserKeys().subscription(push_service.base + "/push/wrist-box")
    answer = driver.execute_async_script("""
        const [subscription, done] = arguments;
        fetch('/api/v1/push/subscriptions', { method: 'POST', credentials: 'same-origin',
            headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(subscription) })
          .then(async (r) => done({ status: r.status, body: await r.json() }), (error) => done({ error: String(error) }));""",
        browser_subscription)
    assert answer.get("status") == 201 and answer["body"]["thisBrowser"] is True, answer
    subscription_id = answer["body"]["id"]
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": fake_subscription_script(browser_subscription)})

    driver.get(server + "/phone/devices")
    box = wrist_box(driver, checked=False)
    assert box.find_element(By.XPATH, "./ancestor::label").text == LABEL
    assert_box_at_every_size(driver, "devices page with the wrist-cues box", "devices")

    # Ticked: the server keeps the choice with this browser's subscription, and the page says so. (What it says is
    # checked at the end, so that wrong words do not hide whether the choice itself works.)
    said = {}
    said["ticked"] = tick(driver, box, server, token, subscription_id, True)
    driver.refresh()
    wrist_box(driver, checked=True)

    # The talk's page shows the same choice; unticked there, it is off for this phone.
    driver.get(f"{server}/phone/talks/{topic['id']}")
    box = wrist_box(driver, checked=True)
    assert box.find_element(By.XPATH, "./ancestor::label").text == LABEL
    assert_box_at_every_size(driver, "talk page with the wrist-cues box", "talk")
    said["unticked"] = tick(driver, box, server, token, subscription_id, False)
    driver.get(server + "/phone/devices")
    wrist_box(driver, checked=False)
    assert saved_choice(server, token, subscription_id) is False
    driver.save_screenshot(str(ARTIFACTS / "wrist-cues-devices-after-unticking.png"))

    assert said == {"ticked": "Cues will come to this phone's notifications.", "unticked": "Cues stay on the watch page only."}, \
        f"what the page said under the box: {said}"
    # The live run's page offers the same choice, before the run starts (issue 37's Tempo part).
    driver.get(server + "/phone/tempo/run")
    box = wrist_box(driver, checked=False)
    assert box.find_element(By.XPATH, "./ancestor::label").text == LABEL
    assert_box_at_every_size(driver, "live run page with the wrist-cues box", "tempo-run")
