"""WebDAV-Push (issue 41) as DAVx5 uses it, over the real network path: a calendar client of this suite finds the
push properties on its task list, registers the suite's push service (e2e/push_service.py) as its push resource
through the CalDAV endpoint, and a reminder made on the Spots page in headless Chromium reaches it as one push,
signed with VAPID, that http-ece decrypts to a push-message naming the list's topic and its new sync token. The
client's sync-collection from its last token then fetches exactly that change. Its own write, sent with
Push-Dont-Notify, is not pushed back to it."""
import time
import uuid
import xml.etree.ElementTree as ET
from datetime import datetime, timedelta, timezone

import pytest
import requests
from py_vapid import b64urldecode

import webdav
from browser.test_accounts import fill
from browser.test_spots import new_reminder_page, save_form
from browser.test_spots_map_timeline import signed_in
from browser.waiting import wait_until
from conftest import api
from push_service import PushBrowserKeys, PushService

PUSH = "https://bitfire.at/webdav-push"


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


def register_body(endpoint, keys):
    """What DAVx5 4.5 POSTs: no trigger, no content-encoding, three days' expiry."""
    subscription = keys.subscription(endpoint)
    expires = (datetime.now(timezone.utc) + timedelta(days=3)).strftime("%a, %d %b %Y %H:%M:%S GMT")
    return (f'<?xml version="1.0" encoding="UTF-8"?><n0:push-register xmlns:n0="{PUSH}"><n0:subscription>'
            f'<n0:web-push-subscription><n0:push-resource>{endpoint}</n0:push-resource>'
            f'<n0:subscription-public-key type="p256dh">{subscription["keys"]["p256dh"]}</n0:subscription-public-key>'
            f'<n0:auth-secret>{subscription["keys"]["auth"]}</n0:auth-secret></n0:web-push-subscription></n0:subscription>'
            f'<n0:expires>{expires}</n0:expires></n0:push-register>').encode()


def push_properties(session, list_url):
    body = (f'<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:P="{PUSH}"><d:prop>'
            f'<P:transports/><P:topic/></d:prop></d:propfind>').encode()
    [response], _ = webdav.multistatus(session, "PROPFIND", list_url, body, depth="0")
    key = response.props[f"{{{PUSH}}}transports"].find(f"{{{PUSH}}}web-push/{{{PUSH}}}vapid-public-key")
    assert key.get("type") == "p256ecdsa"
    return key.text, response.text(f"{{{PUSH}}}topic")


def test_a_change_on_the_spots_page_is_pushed_to_the_calendar_app_which_then_syncs_exactly_it(driver, own_server, push_service):
    phone, base = driver, own_server.base
    token = signed_in(phone, base, "davpush")
    status, made = api(base, "POST", "/api/v1/devices/app-passwords", {"name": "DAVx5"}, token=token)
    assert status == 201, made
    session = requests.Session()
    session.auth = (made["username"], made["password"])
    list_url = made["url"] + "calendars/reminders/"

    # Service detection, as DAVx5 does it: the DAV header, then the list's transports and topic.
    assert "webdav-push" in session.options(list_url).headers["DAV"]
    vapid_key, topic = push_properties(session, list_url)
    assert len(b64urldecode(vapid_key.encode())) == 65 and topic

    keys = PushBrowserKeys()
    registered = session.post(list_url, data=register_body(push_service.base + "/push/davx5", keys),
                              headers={"Content-Type": "application/xml; charset=UTF-8"})
    assert registered.status_code == 204, registered.text
    registration = registered.headers["Location"]
    assert registration.startswith(base + "/dav/push/"), registration
    assert registered.headers["Expires"].endswith(" GMT")
    _, synced_token = webdav.sync_collection(session, list_url, None)

    # A person makes a reminder on the Spots page.
    new_reminder_page(phone, base)
    fill(phone, title="Return the library books")
    save_form(phone)
    wait_until(phone, lambda: "saved=1" in phone.current_url)

    [(_, headers, body, vapid_ok)] = push_service.wait_for("/push/davx5", 1)
    assert vapid_ok, "the push carries a VAPID token the push service accepts"
    assert headers["Authorization"].endswith("k=" + vapid_key), "signed with the key the list advertised"
    assert headers["Content-Encoding"] == "aes128gcm"
    message = ET.fromstring(keys.decrypt(body))
    assert message.tag == f"{{{PUSH}}}push-message"
    assert message.findtext(f"{{{PUSH}}}topic") == topic
    pushed_token = message.findtext(f"{{{PUSH}}}content-update/{{DAV:}}sync-token")

    # The app syncs from its last token and gets exactly the new task, at the token the push named.
    responses, new_token = webdav.sync_collection(session, list_url, synced_token)
    assert new_token == pushed_token
    assert len(responses) == 1 and responses[0].status is None
    task = session.get(base + responses[0].href)
    assert task.status_code == 200 and "SUMMARY:Return the library books" in task.text

    # The app's own write, sent with Push-Dont-Notify naming its registration, does not come back to it.
    uid = f"own-{uuid.uuid4()}"
    ics = (f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//e2e//EN\r\nBEGIN:VTODO\r\nUID:{uid}\r\nDTSTAMP:20270101T000000Z\r\n"
           f"SUMMARY:Written in the app\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    written = session.put(list_url + uid + ".ics", data=ics.encode(),
                          headers={"Content-Type": "text/calendar; charset=utf-8", "Push-Dont-Notify": f'"{registration}"'})
    assert written.status_code == 201, written.text
    time.sleep(1.5)
    assert len(push_service.requests_to("/push/davx5")) == 1

    # Unregistering ends the pushes.
    assert session.delete(registration).status_code == 204
    assert api(base, "POST", "/api/v1/spots/reminders", {"title": "After"}, token=token)[0] == 201
    time.sleep(1.5)
    assert len(push_service.requests_to("/push/davx5")) == 1
