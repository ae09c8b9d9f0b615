"""Web Push end to end without the internet (issue 19). The suite's own push service (e2e/push_service.py) receives
what Cadence sends to a subscription, checks its VAPID token with py-vapid and decrypts it with http-ece using the
keys the test's browser made: a place alert is pushed exactly once, a 410 removes the subscription, a 500 is tried
again. In Chromium, the decrypted push is handed to Cadence's service worker (ServiceWorker.deliverPushMessage); the
notification it shows carries the reminder and its actions, and "Complete" from the notification completes the
reminder on the server."""
import json
import time

import pytest
from selenium.webdriver.common.by import By

from browser.cdp import CDPSession
from browser.pagecheck import check_page
from browser.test_accounts import sign_in
from conftest import api, unique_email
from push_service import PushBrowserKeys, PushService

GATE = {"latitude": 52.516275, "longitude": 13.377704}


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


def new_account(server, name):
    email = unique_email(name)
    password = "push password 1"
    status, body = api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Pia Push", "password": password})
    assert status == 201
    return email, password, body["token"]


def fire_place_alert(server, token, title):
    status, reminder = api(server, "POST", "/api/v1/spots/reminders", {
        "title": title, "place": {"name": "Brandenburg Gate", **GATE, "radius": 150, "trigger": "arrive"}}, token=token)
    assert status == 201, reminder
    status, fired = api(server, "POST", "/api/v1/spots/locations", {
        "reports": [{**GATE, "accuracy": 15, "at": int(time.time() * 1000)}]}, token=token)
    assert status == 200 and fired["fired"] == 1, fired
    return reminder["id"]


def subscribe(server, token, keys, endpoint):
    status, body = api(server, "POST", "/api/v1/push/subscriptions", keys.subscription(endpoint), token=token)
    assert status == 201, body
    return body


def test_a_place_alert_is_pushed_once_signed_and_encrypted_and_the_push_services_answers_are_followed(server, push_service):
    _, _, token = new_account(server, "push")
    keys = PushBrowserKeys()
    subscribe(server, token, keys, push_service.base + "/push/phone")

    reminder_id = fire_place_alert(server, token, "Meet Ann")
    [(path, headers, body, vapid_ok)] = push_service.wait_for("/push/phone", 1)
    assert vapid_ok, headers.get("Authorization")
    _, key = api(server, "GET", "/api/v1/push/key", token=token)
    assert headers["Authorization"].endswith("k=" + key["publicKey"])
    assert headers["Content-Encoding"] == "aes128gcm" and headers["TTL"] == "3600" and headers["Urgency"] == "high"
    shown = json.loads(keys.decrypt(body))
    assert shown["title"] == "Meet Ann" and shown["body"] == "You arrived at Brandenburg Gate."
    assert [action["action"] for action in shown["actions"]] == ["complete", "snooze"]
    assert shown["data"]["reminderId"].lower() == reminder_id.lower()

    # A push service that is down for a moment: tried again, delivered once it answers.
    push_service.answer([500])
    fire_place_alert(server, token, "Second")
    assert len(push_service.wait_for("/push/phone", 3)) == 3

    # The browser unsubscribed: the push service says 410, and the subscription is gone.
    push_service.answer([410])
    fire_place_alert(server, token, "Third")
    assert len(push_service.wait_for("/push/phone", 4)) == 4
    deadline = time.time() + 10
    while api(server, "GET", "/api/v1/push/subscriptions", token=token)[1] and time.time() < deadline:
        time.sleep(0.1)
    assert api(server, "GET", "/api/v1/push/subscriptions", token=token)[1] == []


def notifications(worker):
    """What the worker's registration shows now (asked in the worker: the page's view of a notification the worker
    just showed was seen to stay empty in headless Chromium)."""
    return worker.evaluate("""self.registration.getNotifications().then((shown) => shown.map((n) => (
        { title: n.title, body: n.body, tag: n.tag, actions: n.actions.map((a) => a.action), data: n.data })))""")


def push_worker(driver, server):
    """Cadence's service worker registered at /push/ in the signed-in browser, as push.js registers it; returns the
    page's and the worker's DevTools sessions and the registration's id. Headless Chromium has no push service of its
    own, so the subscription the server pushes to is the test's, and its decrypted message is handed to this worker."""
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["notifications"]})
    page = CDPSession.page(driver)
    page.send("ServiceWorker.enable")
    state = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.register('/sw.js', { scope: '/push/' })
          .then(async (registration) => {
            const worker = registration.installing || registration.waiting || registration.active;
            if (worker.state !== 'activated') {
              await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
            }
            done('activated');
          }, (error) => done(String(error)));""")
    assert state == "activated"
    registration = page.wait_event("ServiceWorker.workerRegistrationUpdated",
                                   lambda params: any(r["scopeURL"].endswith("/push/") for r in params["registrations"]))
    registration_id = next(r["registrationId"] for r in registration["registrations"] if r["scopeURL"].endswith("/push/"))
    worker = CDPSession.service_worker(driver, "/sw.js", scope="/push/")
    worker.send("Runtime.enable")  # its exceptions, should the push handler fail
    return page, worker, registration_id


def test_the_service_worker_shows_the_push_and_completes_the_reminder_from_the_notification(driver, server, push_service):
    email, password, token = new_account(server, "notify")
    sign_in(driver, server, email, password)
    driver.get(server + "/phone/devices")
    check_page(driver, "devices page with notifications")
    assert driver.find_element(By.ID, "notifications-heading").text == "Notifications"
    page, worker, registration_id = push_worker(driver, server)

    keys = PushBrowserKeys()
    subscribe(server, token, keys, push_service.base + "/push/chromium")
    reminder_id = fire_place_alert(server, token, "Water the plants")
    [(_, _, body, vapid_ok)] = push_service.wait_for("/push/chromium", 1)
    assert vapid_ok
    page.send("ServiceWorker.deliverPushMessage", {
        "origin": server, "registrationId": registration_id, "data": keys.decrypt(body).decode()})

    deadline = time.time() + 10
    shown = []
    while not shown and time.time() < deadline:
        shown = notifications(worker)
        time.sleep(0.1)
    assert isinstance(shown, list) and len(shown) == 1, (shown, worker.events)
    [notification] = shown
    assert notification["title"] == "Water the plants"
    assert notification["body"] == "You arrived at Brandenburg Gate."
    assert notification["actions"] == ["complete", "snooze"]
    assert notification["data"]["reminderId"].lower() == reminder_id.lower()

    # "Complete", pressed on the notification: the worker completes the reminder with the browser's own sign-in.
    # (DevTools cannot press a notification's button, so the worker is handed the click event the browser would send.)
    worker.evaluate("""self.registration.getNotifications().then((shown) => {
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown[0], action: 'complete' }));
        return shown.length; })""")
    deadline = time.time() + 10
    completed = None
    while completed is None and time.time() < deadline:
        completed = api(server, "GET", f"/api/v1/spots/reminders/{reminder_id}", token=token)[1].get("completedAt")
        time.sleep(0.1)
    assert completed, "the notification's Complete did not complete the reminder"
    assert notifications(worker) == []  # the notification closed itself
    worker.close()
    page.close()
