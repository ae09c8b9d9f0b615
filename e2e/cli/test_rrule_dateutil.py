"""The repeat-rule fixture the Swift tests check Cadence's occurrences against is what python-dateutil computes today:
the generator runs again and must print the committed file (Tests/SpotsTests/Fixtures/rrule-dateutil.json)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_fixture_is_dateutils_own_answer():
    fresh = subprocess.run([sys.executable, str(ROOT / "e2e/corpus/rrule_cases.py")], capture_output=True, text=True, check=True).stdout
    committed = (ROOT / "Tests/SpotsTests/Fixtures/rrule-dateutil.json").read_text()
    assert fresh == committed, "regenerate it: python e2e/corpus/rrule_cases.py > Tests/SpotsTests/Fixtures/rrule-dateutil.json"
