"""Every CalDAV scenario that Radicale passes (test_radicale.py), now against Cadence: the python `caldav` client
as Thunderbird or DAVx5 would use it, and vdirsyncer + todoman syncing a local folder both ways. Cadence must also
keep Apple's structured location whole (the one thing Radicale loses), and a write over CalDAV shows in Spots (the
API, and `spots.changed` on the live channel)."""
import datetime
import json
import time

import caldav
import pytest
import requests
import websocket

import scenarios
import webdav
from conftest import CadenceServer, api, unique_email

SCENARIOS = [scenarios.discover, scenarios.create_and_read, scenarios.etag_update, scenarios.if_none_match,
             scenarios.delete, scenarios.time_range, scenarios.sync_collection, scenarios.round_trip,
             scenarios.ctag_changes]


class Account:
    def __init__(self, base):
        self.email = unique_email("caldav")
        assert api(base, "POST", "/api/v1/auth/register", {"email": self.email, "displayName": "Cal", "password": "caldav password 1"})[0] == 201
        self.token = api(base, "POST", "/api/v1/auth/login", {"email": self.email, "password": "caldav password 1"})[1]["token"]
        status, made = api(base, "POST", "/api/v1/devices/app-passwords", {"name": "Thunderbird"}, token=self.token)
        assert status == 201, made
        self.app_password = made["password"]
        self.server = scenarios.Server(base + "/", made["username"], made["password"])


@pytest.fixture(scope="module")
def cadence():
    instance = CadenceServer(log_name="caldav-server.log")
    instance.start()
    yield instance
    instance.close()


@pytest.fixture(scope="module")
def account(cadence):
    return Account(cadence.base)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda scenario: scenario.__name__)
def test_scenario(account, scenario):
    scenario(account.server)


def test_scenarios_again_in_reverse_on_data_left_by_the_others(account):
    for scenario in reversed(SCENARIOS):
        scenario(account.server)


def reminders(base, account):
    return api(base, "GET", "/api/v1/spots/reminders", token=account.token)[1]


def test_vdirsyncer_and_todoman_changes_reach_spots(cadence, tmp_path):
    account = Account(cadence.base)
    completed_summary, made_summary = scenarios.vdirsyncer_todoman(account.server, tmp_path)
    listed = {r["title"]: r for r in reminders(cadence.base, account)}
    assert "completedAt" in listed[completed_summary], "todoman's completion did not reach Spots"
    assert made_summary in listed and "completedAt" not in listed[made_summary]


def test_edits_in_spots_reach_the_next_sync_and_app_writes_reach_spots_live(cadence):
    account = Account(cadence.base)
    client = caldav.DAVClient(url=account.server.base_url, username=account.server.username, password=account.server.password)
    tasks = client.principal().calendars()[0]
    assert tasks.name == "Reminders"
    before = tasks.objects_by_sync_token()

    # Made in Spots: the app's next sync brings it, with its due time.
    status, made = api(cadence.base, "POST", "/api/v1/spots/reminders",
                       {"title": "Call the plumber", "due": "2031-03-01T09:00:00Z"}, token=account.token)
    assert status == 201
    updated, deleted = before.sync()
    assert [str(o.icalendar_component["SUMMARY"]) for o in updated] == ["Call the plumber"] and not list(deleted)
    # Changed in Spots, then deleted: each shows at the next sync.
    api(cadence.base, "PUT", f"/api/v1/spots/reminders/{made['id']}", {"title": "Call the plumber today",
                                                                     "due": "2031-03-01T09:00:00Z"}, token=account.token)
    updated, _ = before.sync()
    assert [str(o.icalendar_component["SUMMARY"]) for o in updated] == ["Call the plumber today"]
    api(cadence.base, "DELETE", f"/api/v1/spots/reminders/{made['id']}", token=account.token)
    updated, deleted = before.sync()
    assert not list(updated) and len(list(deleted)) == 1

    # Written by the app: Spots has it, and the account's live channel said so as it happened.
    socket = websocket.create_connection(cadence.base.replace("http", "ws") + "/api/v1/live",
                                         header=[f"Authorization: Bearer {account.token}"], timeout=10)
    try:
        tasks.save_todo(uid="app-written-1", summary="Renew the passport", due=datetime.datetime(2031, 5, 1, 8, tzinfo=datetime.timezone.utc))
        deadline, event = time.time() + 10, None
        while time.time() < deadline and event is None:
            message = json.loads(socket.recv())
            if message.get("type") == "spots.changed":
                event = message
        assert event and event["data"]["list"] == "reminders" and event["data"]["by"] == "caldav", event
    finally:
        socket.close()
    assert "Renew the passport" in [r["title"] for r in reminders(cadence.base, account)]


def test_app_passwords_are_the_only_way_in_and_are_revocable(cadence):
    account = Account(cadence.base)
    root = cadence.base + "/dav/"
    body = webdav.propfind_body("{DAV:}current-user-principal")
    ask = lambda auth: requests.request("PROPFIND", root, auth=auth, headers={"Depth": "0"}, data=body)
    assert ask((account.email, account.app_password)).status_code == 207
    challenge = ask(None)
    assert challenge.status_code == 401 and challenge.headers["WWW-Authenticate"].startswith("Basic")
    assert ask((account.email, "caldav password 1")).status_code == 401, "the account password must not open CalDAV"
    # The app password opens nothing but CalDAV.
    status, refused = api(cadence.base, "GET", "/api/v1/spots/reminders", token=account.app_password)
    assert status == 403 and refused["error"]["code"] == "calendar_app_only"
    # Removing it on the devices page (the API here) cuts the app off at once.
    devices = api(cadence.base, "GET", "/api/v1/devices", token=account.token)[1]
    (app,) = [d for d in devices if d["role"] == "calendar"]
    assert api(cadence.base, "DELETE", f"/api/v1/devices/{app['id']}", token=account.token)[0] == 204
    assert ask((account.email, account.app_password)).status_code == 401
