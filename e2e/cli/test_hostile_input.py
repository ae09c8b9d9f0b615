"""Hostile input against a real `cadence serve` process (issue 35): each request here once stopped the whole server.
After each one the test checks the answer is a clear 4xx or a kept run, that the process is still running, and that
it still serves another request; where the harm was stored (a run), the server is restarted and reads it again."""
import urllib.error
import urllib.request

import pytest

from conftest import CadenceServer, api, unique_email

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


def send(base, path, token, data, content_type):
    request = urllib.request.Request(base + path, data=data, method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


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
