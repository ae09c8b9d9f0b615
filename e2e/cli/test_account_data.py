"""A person's data out and away, through a real `cadence serve`: the export of an account holding one of each kind
of thing opens with zipfile, its calendar parses with icalendar and its runs with gpxpy, its Stage package installs
into a fresh account with the same slides and notes; then the account is deleted (API, and `cadence user delete`)."""
import io
import json
import os
import struct
import subprocess
import sys
import time
import urllib.request
import wave
import zipfile
from pathlib import Path

import gpxpy
import icalendar

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
from conftest import api, unique_email, wait_for_import  # noqa: E402
from decks import make_pptx  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GPX = ROOT / "Tests" / "TempoTests" / "Files" / "Fixtures" / "gpxpy" / "cerknicko-jezero.gpx"
PASSWORD = "export password 1"


def raw(base, method, path, token, data=None, content_type="application/octet-stream"):
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})
    with urllib.request.urlopen(request, timeout=120) as response:
        return response.status, response.read()


def register(base):
    email = unique_email("data")
    status, body = api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Dana", "password": PASSWORD})
    assert status == 201, body
    return email, body["token"]


def click_track(seconds=12, bpm=150, rate=22050):
    frames = bytearray()
    beat = int(rate * 60 / bpm)
    for n in range(seconds * rate):
        frames += struct.pack("<h", 12000 if n % beat < 200 else 0)
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))
    return out.getvalue()


def deck_notes(base, token, talk_id):
    status, deck = api(base, "GET", f"/api/v1/stage/talks/{talk_id}/deck", token=token)
    assert status == 200, deck
    slides = deck["slides"] if isinstance(deck, dict) else deck
    return [(slide.get("title"), slide.get("notes")) for slide in slides]


def test_an_export_opens_in_other_tools_and_its_package_installs_again(server, tmp_path):
    email, token = register(server)
    deck = make_pptx(tmp_path / "festival.pptx")
    _, body = raw(server, "POST", "/api/v1/stage/imports?filename=festival.pptx&seriesTitle=Festival", token,
                  Path(deck).read_bytes(),
                  "application/vnd.openxmlformats-officedocument.presentationml.presentation")
    job = wait_for_import(server, token, json.loads(body), seconds=120)
    song = click_track()
    status, _ = raw(server, "POST", "/api/v1/tempo/songs?filename=clicks.wav", token, song)
    assert status == 201
    status, _ = raw(server, "POST", "/api/v1/tempo/runs/import", token, GPX.read_bytes())
    assert status == 201
    status, body = api(server, "POST", "/api/v1/spots/reminders",
                       {"title": "Call mum", "notes": "About Sunday", "due": "2027-03-01T09:00:00Z"}, token=token)
    assert status == 201, body
    status, body = api(server, "POST", "/api/v1/spots/reminders",
                       {"title": "Buy milk", "place": {"name": "Corner shop", "latitude": 52.52, "longitude": 13.405}}, token=token)
    assert status == 201, body

    request = urllib.request.Request(server + "/api/v1/account/export", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=120) as response:
        status, length, exported = response.status, response.headers["Content-Length"], response.read()
    assert status == 200
    assert length is not None and int(length) == len(exported), "the length is known up front, so browsers show progress"
    archive = zipfile.ZipFile(io.BytesIO(exported))
    assert archive.testzip() is None, "every entry's CRC-32 matches"
    names = archive.namelist()
    assert "README.txt" in names and "account.json" in names and "talks/talks.json" in names, names
    assert json.loads(archive.read("account.json"))["email"] == email
    assert archive.read("tempo/songs/clicks.wav") == song, "the song exactly as uploaded"

    calendar = icalendar.Calendar.from_ical(archive.read("spots/reminders.ics"))
    titles = sorted(str(todo.get("summary")) for todo in calendar.walk("VTODO"))
    assert titles == ["Buy milk", "Call mum"], titles

    gpx_files = [name for name in names if name.startswith("tempo/runs/") and name.endswith(".gpx")]
    assert gpx_files and any(name.endswith(".tcx") for name in names), names
    track = gpxpy.parse(archive.read(gpx_files[0]).decode("utf-8"))
    assert track.length_3d() > 1000, "the run's track, not an empty file"

    packages = [name for name in names if name.startswith("stage/") and name.endswith(".cadence")]
    assert any("Festival" in name for name in packages), packages
    festival = next(name for name in packages if "Festival" in name)
    _, fresh = register(server)
    status, body = raw(server, "POST", "/api/v1/stage/packages", fresh, archive.read(festival), "application/vnd.cadence.package")
    assert status == 201, body
    installed = json.loads(body)
    status, series = api(server, "GET", "/api/v1/stage/series", token=fresh)
    new_talks = [s for s in series if s["id"] == installed["seriesId"]]
    assert new_talks, (installed, series)
    status, shown = api(server, "GET", f"/api/v1/stage/series/{installed['seriesId']}", token=fresh)
    assert status == 200, shown
    assert len(shown["talks"]) == 1, shown
    copied, original = deck_notes(server, fresh, shown["talks"][0]["id"]), deck_notes(server, token, job["talkId"])
    assert copied == original and any(notes for _, notes in original), (copied, original)


def test_deleting_the_account_through_the_api_and_the_cli(own_server):
    server = own_server.base
    _, token = register(server)
    status, body = api(server, "DELETE", "/api/v1/account", {"password": "wrong password"}, token=token)
    assert status == 400 and body["error"]["field"] == "password", body
    status, _ = api(server, "DELETE", "/api/v1/account", {"password": PASSWORD}, token=token)
    assert status == 204
    assert api(server, "GET", "/api/v1/auth/me", token=token)[0] == 401

    email, token = register(server)
    binary = os.environ["CADENCE_BIN"]
    refused = subprocess.run([binary, "user", "delete", email, "--data-dir", own_server.data], capture_output=True, text=True)
    assert refused.returncode != 0 and "--yes" in refused.stderr, refused.stderr
    done = subprocess.run([binary, "user", "delete", email, "--yes", "--data-dir", own_server.data], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # The server's session cache holds a resolved session for at most 5 s (SQLite has no notifications).
    deadline = time.time() + 10
    while api(server, "GET", "/api/v1/auth/me", token=token)[0] != 401:
        assert time.time() < deadline, "the deleted account's session still works"
        time.sleep(0.5)
