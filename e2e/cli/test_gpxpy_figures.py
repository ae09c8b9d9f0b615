"""Other programs' GPX and TCX files through a real `cadence serve`, against gpxpy run now: the
figures recorded beside the fixtures (which the Swift tests compare with) are what gpxpy computes,
and the imported run's distance is gpxpy's `length_3d` over the timed points within 1 %."""
import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import gpxpy
import pytest

from conftest import api, unique_email

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "TempoTests" / "Files" / "Fixtures" / "gpxpy"
SCRIPT = ROOT / "e2e" / "corpus" / "gpxpy_fixtures.py"
FILES = sorted(json.loads((FIXTURES / "expected.json").read_text())["files"])


def test_the_recorded_figures_are_what_gpxpy_computes():
    result = subprocess.run([sys.executable, str(SCRIPT), str(FIXTURES)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def timed_length(path):
    """gpxpy's length_3d of each segment's timed points (the TCX fixture: its GPX source's)."""
    source = FIXTURES / ("cerknicko-jezero.gpx" if path.suffix == ".tcx" else path.name)
    with open(source, encoding="utf-8-sig") as f:
        parsed = gpxpy.parse(f)
    total = 0.0
    for track in parsed.tracks:
        for segment in track.segments:
            kept = segment.clone()
            kept.points = [p for p in segment.points if p.time is not None]
            total += kept.length_3d()
    return total


@pytest.mark.parametrize("name", FILES)
def test_an_imported_file_reads_what_gpxpy_reads(server, name):
    email = unique_email("gpxpy")
    status, account = api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "G", "password": "gpxpy password 1"})
    assert status == 201, account
    token = account["token"]
    request = urllib.request.Request(f"{server}/api/v1/tempo/runs/import", data=(FIXTURES / name).read_bytes(), method="POST")
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/octet-stream")
    with urllib.request.urlopen(request) as response:
        assert response.status == 201
        body = json.loads(response.read())
    expected = timed_length(FIXTURES / name)
    distance = body["summary"]["distance"]
    assert abs(distance - expected) <= expected * 0.01, f"{name}: {distance:.1f} m, gpxpy {expected:.1f} m"
