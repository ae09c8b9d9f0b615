"""Hostile input against a real `cadence serve` process (issue 35): each request here once stopped the whole server.
After each one the test checks the answer is a clear 4xx or a kept run, that the process is still running, and that
it still serves another request; where the harm was stored (a run), the server is restarted and reads it again."""
import base64
import datetime
import json
import os
import re
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
import zipfile

import pytest

from conftest import CadenceServer, api, unique_email
from push_service import PushBrowserKeys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "corpus"))
from decks import make_pptx  # noqa: E402

PASSWORD = "hostile password 1"


@pytest.fixture(scope="module")
def target():
    instance = CadenceServer(log_name="hostile-input.log")
    instance.start()
    yield instance
    instance.close()


def register(base):
    status, body = api(base, "POST", "/api/v1/auth/register",
                       {"email": unique_email("hostile"), "displayName": "H", "password": PASSWORD})
    assert status == 201, body
    return body["token"]


def request(base, method, path, data, headers):
    """(status, body) of one request, an error status included."""
    outgoing = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(outgoing, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def send(base, path, token, data, content_type):
    return request(base, "POST", path, data, {"Authorization": f"Bearer {token}", "Content-Type": content_type})


def assert_still_serving(instance):
    assert instance.process.poll() is None, f"the server stopped (exit {instance.process.returncode}); see its log"
    with urllib.request.urlopen(instance.base + "/healthz", timeout=10) as response:
        assert response.status == 200


# multipart-kit 4.7.1 takes `--<boundary>` anywhere in the preamble, even mid-line, and traps on a header name's
# byte above 127: each body puts such a name right after a delimiter the old guard did not see.
MID_LINE_BOUNDARIES = {
    "mid-line": b"junk--B\r\nX-\xc3\xa9: 1\r\n\r\nx\r\n--B--\r\n",
    "after a bare LF": b"junk\n--B\r\nX-\xc3\xa9: 1\r\n\r\nx\r\n--B--\r\n",
    "second part": b"--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B\r\n\xff: 1\r\n\r\nx\r\n--B--\r\n",
}


@pytest.mark.parametrize("path", ["/api/v1/tempo/songs", "/api/v1/tempo/runs/import"])
@pytest.mark.parametrize("case", sorted(MID_LINE_BOUNDARIES))
def test_a_multipart_header_name_that_is_not_ascii_is_refused_wherever_its_boundary_starts(target, path, case):
    token = register(target.base)
    status, body = send(target.base, path, token, MID_LINE_BOUNDARIES[case], "multipart/form-data; boundary=B")
    assert status == 400, (status, body)
    assert b"not ASCII" in body, body
    assert_still_serving(target)


def gpx(elevations):
    points = "".join(
        f'<trkpt lat="52.{3700 + n:04d}" lon="4.8900"><ele>{ele}</ele><time>2026-11-01T07:{n // 60:02d}:{n % 60:02d}Z</time></trkpt>'
        for n, ele in enumerate(elevations))
    return (f'<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">'
            f'<trk><trkseg>{points}</trkseg></trk></gpx>').encode()


def tcx(distances):
    points = "".join(
        f"<Trackpoint><Time>2026-11-01T07:{n // 60:02d}:{n % 60:02d}Z</Time><DistanceMeters>{d}</DistanceMeters></Trackpoint>"
        for n, d in enumerate(distances))
    return ('<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">'
            '<Activities><Activity Sport="Running"><Id>2026-11-01T07:00:00Z</Id><Lap StartTime="2026-11-01T07:00:00Z"><Track>'
            f"{points}</Track></Lap></Activity></Activities></TrainingCenterDatabase>").encode()


# Found by the fuzzer (scripts/fuzz runfile): FoundationXML traps on an element name that is not UTF-8, which
# libxml2 passes on; the process stopped. Now the bytes are checked before any parser sees them.
NOT_UTF8 = {
    "TCX": (b'<?xml version="1.0" encoding="UTF-8"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/'
            b'TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Id>2026-11-01T07:00:00Z</Id>'
            b'<Distance\xcdeters>13</Distance\xcdeters></Activity></Activities></TrainingCenterDatabase>',
            "application/vnd.garmin.tcx+xml", "/api/v1/tempo/runs/import"),
    "GPX": (b'<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>'
            b'<trkpt lat="1" lon="1" \xcdx="1"><time>2026-11-01T07:00:00Z</time></trkpt></trkseg></trk></gpx>',
            "application/gpx+xml", "/api/v1/tempo/runs/import"),
}


@pytest.mark.parametrize("case", sorted(NOT_UTF8))
def test_a_run_file_whose_names_are_not_utf8_is_refused(target, case):
    token = register(target.base)
    data, content_type, path = NOT_UTF8[case]
    status, body = send(target.base, path, token, data, content_type)
    assert status == 400 and b"not UTF-8" in body, (status, body[:300])
    assert_still_serving(target)


DAV_NOT_UTF8 = {
    "UTF-8 by default": b'<d:propfind xmlns:d="DAV:"><d:prop><d:get\xcdetag/></d:prop></d:propfind>',
    # The fuzzer's second find: an encoding libxml2 does not know, which it then reads as UTF-8.
    "an unknown encoding": b'<?xml version="1.0" encoding="utf:sync--8"?><d:propfind xmlns:d="DAV:"><d:prop><d:get\xfeetag/>'
                           b'</d:prop></d:propfind>',
}


@pytest.mark.parametrize("case", sorted(DAV_NOT_UTF8))
def test_a_dav_body_whose_names_are_not_utf8_is_refused(target, case):
    token = register(target.base)
    username, password = app_password(target.base, token)
    status, body = dav(target.base, "PROPFIND", first_list(target.base, username, password), username, password,
                       DAV_NOT_UTF8[case])
    assert status == 400 and b"not valid UTF-8" in body, (status, body[:300])
    assert_still_serving(target)


RUN_FILES = {
    "GPX elevation 0 to 1e12 m": (gpx([0, 1e12] * 30), "application/gpx+xml"),
    "GPX elevation of +-1e308 m": (gpx([1e308, -1e308] * 30), "application/gpx+xml"),
    "TCX distance of 1e12 m": (tcx([n * 3 for n in range(59)] + [1e12]), "application/vnd.garmin.tcx+xml"),
}


@pytest.mark.parametrize("case", sorted(RUN_FILES))
def test_a_run_file_with_a_distance_no_run_has_is_kept_and_read_again_after_a_restart(own_server, case):
    token = register(own_server.base)
    data, content_type = RUN_FILES[case]
    status, body = send(own_server.base, "/api/v1/tempo/runs/import?activity=running", token, data, content_type)
    assert status in (200, 201), (status, body)
    assert_still_serving(own_server)
    status, runs = api(own_server.base, "GET", "/api/v1/tempo/runs", token=token)
    assert status == 200 and runs, runs
    own_server.stop()
    own_server.start()
    status, run = api(own_server.base, "GET", f"/api/v1/tempo/runs/{runs[0]['id']}", token=token)
    assert status == 200, run
    # No split for a kilometre that was never run: 60 points a second apart make at most a short run.
    assert len(run["summary"]["splits"]) <= 2, run["summary"]["splits"][:3]
    request = urllib.request.Request(own_server.base + "/api/v1/account/export", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.status == 200 and response.read()[:2] == b"PK"
    assert_still_serving(own_server)


def app_password(base, token):
    status, body = api(base, "POST", "/api/v1/devices/app-passwords", {"name": "Hostile calendar"}, token=token)
    assert status == 201, body
    return body["username"], body["password"]


def dav(base, method, path, username, password, data, depth="1", content_type="application/xml; charset=utf-8"):
    credentials = base64.b64encode(f"{username}:{password}".encode()).decode()
    return request(base, method, path, data,
                   {"Authorization": f"Basic {credentials}", "Depth": depth, "Content-Type": content_type})


def nested_xml(depth):
    return (b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop>' + b"<d:x>" * depth + b"</d:x>" * depth
            + b"</d:prop></d:propfind>")


def first_list(base, username, password):
    status, listing = dav(base, "PROPFIND", "/dav/calendars/", username, password, nested_xml(1))
    assert status == 207, listing[:300]
    lists = re.findall(rb"/dav/calendars/[^/<]+/", listing)
    assert lists, listing[:600]
    return lists[0].decode()


# A tree built without a depth limit is released recursively: 50,000 nested elements overflowed the stack.
@pytest.mark.parametrize("method", ["PROPFIND", "REPORT"])
def test_a_dav_body_nested_fifty_thousand_deep_is_refused(target, method):
    token = register(target.base)
    username, password = app_password(target.base, token)
    path = first_list(target.base, username, password)
    status, body = dav(target.base, method, path, username, password, nested_xml(50_000))
    assert status == 400, (status, body[:300])
    assert b"deeper than" in body, body[:300]
    assert_still_serving(target)
    status, _ = dav(target.base, "PROPFIND", "/dav/", username, password, nested_xml(3))
    assert status == 207


def nested_calendar(depth):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\n" + "BEGIN:X\r\n" * depth + "END:X\r\n" * depth
            + "END:VCALENDAR\r\n").encode()


def test_a_calendar_nested_forty_nine_thousand_deep_is_refused_on_import_and_over_caldav(target):
    token = register(target.base)
    status, body = send(target.base, "/api/v1/spots/import", token, nested_calendar(49_000), "text/calendar")
    assert status == 422, (status, body[:300])
    assert b"deeper than" in body, body[:300]
    assert_still_serving(target)
    username, password = app_password(target.base, token)
    path = first_list(target.base, username, password) + "hostile.ics"
    status, body = dav(target.base, "PUT", path, username, password, nested_calendar(49_000), content_type="text/calendar")
    assert 400 <= status < 500, body[:300]
    assert_still_serving(target)


def test_a_presentation_whose_relationships_nest_a_hundred_thousand_deep_fails_its_import_alone(target, tmp_path):
    token = register(target.base)
    deck = make_pptx(tmp_path / "deep.pptx")
    nested = tmp_path / "nested.pptx"
    with zipfile.ZipFile(deck) as source, zipfile.ZipFile(nested, "w", zipfile.ZIP_DEFLATED) as target_zip:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "_rels/.rels":
                data = (b'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                        + b"<a>" * 100_000 + b"</a>" * 100_000 + b"</Relationships>")
            target_zip.writestr(item, data)
    status, job = send(target.base, "/api/v1/stage/imports?filename=nested.pptx", token, nested.read_bytes(),
                       "application/vnd.openxmlformats-officedocument.presentationml.presentation")
    assert status in (202, 415), (status, job[:300])
    if status == 202:
        job = json.loads(job)
        deadline = time.time() + 60
        while job.get("state") not in ("done", "failed"):
            assert time.time() < deadline, job
            time.sleep(0.2)
            job = api(target.base, "GET", f"/api/v1/stage/imports/{job['id']}", token=token)[1]
        assert job["state"] == "failed" and "deeper than" in job["message"], job
    else:
        assert b"deeper than" in job, job[:300]
    assert_still_serving(target)


# Item 5: the endpoint rule checked how a host is spelled, and getaddrinfo reads `0x7f.1` as 127.0.0.1: a reminder's
# push then knocked on a port of this machine (38 TLS ClientHellos), and the subscription list told whether it was
# open. Now every address the host resolves to is checked before connecting, and nothing reaches the listener.
@pytest.mark.parametrize("host", ["0x7f.1", "0x7f.0.0.1", "0x7f000001."])
def test_a_push_endpoint_that_leads_to_this_machine_is_never_connected_to(host):
    knocks = []
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.settimeout(0.2)
    port = listener.getsockname()[1]
    stop = threading.Event()

    def accept():
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
                knocks.append(connection.recv(16))
                connection.close()
            except OSError:
                pass

    watcher = threading.Thread(target=accept, daemon=True)
    watcher.start()
    server = CadenceServer(log_name="hostile-push.log", allow_local_push=False)
    server.start()
    try:
        token = register(server.base)
        endpoint = f"https://{host}:{port}/push/1"
        status, body = api(server.base, "POST", "/api/v1/push/subscriptions", PushBrowserKeys().subscription(endpoint), token=token)
        assert status in (200, 201), body
        due = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
        status, body = api(server.base, "POST", "/api/v1/spots/reminders", {"title": "Knock", "due": due}, token=token)
        assert status == 201, body
        deadline = time.time() + 30
        while True:
            _, subscriptions = api(server.base, "GET", "/api/v1/push/subscriptions", token=token)
            if subscriptions and subscriptions[0].get("lastError"):
                break
            assert time.time() < deadline, subscriptions
            time.sleep(0.3)
        # glibc reads the first two as 127.0.0.1, and finds nothing for the third.
        error = subscriptions[0]["lastError"]
        assert "not on the internet" in error or "could not be found" in error, subscriptions
        assert knocks == [], knocks
        assert_still_serving(server)
    finally:
        stop.set()
        server.close()
        listener.close()


# The fuzzer's fourth find: FoundationXML hands a processing instruction's missing data to strlen (a null pointer).
def test_an_empty_processing_instruction_is_refused_in_a_dav_body_and_a_run_file(target):
    token = register(target.base)
    username, password = app_password(target.base, token)
    status, body = dav(target.base, "PROPFIND", first_list(target.base, username, password), username, password,
                       b'<d:propfind xmlns:d="DAV:"><?x?><d:prop><d:getetag/></d:prop></d:propfind>')
    assert status == 400 and b"processing instruction" in body, (status, body[:300])
    status, body = send(target.base, "/api/v1/tempo/runs/import", token, gpx([0, 1]).replace(b"<trk>", b"<?x ?><trk>"),
                        "application/gpx+xml")
    assert status == 400 and b"processing instruction" in body, (status, body[:300])
    assert_still_serving(target)
