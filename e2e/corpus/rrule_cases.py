"""Repeat-rule occurrences as python-dateutil computes them, for Tests/SpotsTests/Fixtures/rrule-dateutil.json.

    python e2e/corpus/rrule_cases.py > Tests/SpotsTests/Fixtures/rrule-dateutil.json

Each case: an RRULE, a DTSTART as local wall-clock time in a zone (Europe/Amsterdam: the year has a change of
daylight saving time each way), an end, EXDATEs, and the occurrences dateutil.rrule gives (as UTC times).
`RecurrenceRuleTests` checks Cadence's own expansion against them, and `e2e/cli/test_rrule_dateutil.py` runs this
script again to check that the fixture is what dateutil says today.
"""
import json
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr, rruleset

ZONE = "Europe/Amsterdam"
THROUGH = "2026-12-31T23:59:59Z"

CASES = [
    ("FREQ=DAILY", "2026-01-01T09:00:00", [], THROUGH),
    ("FREQ=WEEKLY;BYDAY=MO,WE", "2026-01-05T07:30:00", [], THROUGH),
    ("FREQ=MONTHLY;BYMONTHDAY=31", "2026-01-31T18:00:00", [], THROUGH),
    ("FREQ=MONTHLY", "2026-01-31T18:00:00", [], THROUGH),
    ("FREQ=MONTHLY;BYDAY=-1FR;COUNT=10", "2026-01-30T12:00:00", [], THROUGH),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261001T000000Z", "2026-01-06T08:00:00", [], THROUGH),
    ("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "2026-03-29T10:00:00", [], "2036-12-31T23:59:59Z"),
    ("FREQ=YEARLY", "2024-02-29T09:00:00", [], "2036-12-31T23:59:59Z"),
    ("FREQ=DAILY;INTERVAL=4;BYMONTH=3,10", "2026-03-01T02:30:00", [], THROUGH),
    ("FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,-1;COUNT=12", "2026-01-01T06:15:00", [], "2030-01-01T00:00:00Z"),
    ("FREQ=YEARLY;BYDAY=20MO", "2026-01-01T09:00:00", [], "2031-12-31T23:59:59Z"),
    ("FREQ=DAILY;BYDAY=SA,SU;UNTIL=20260630T220000Z", "2026-01-03T10:00:00", [], THROUGH),
    ("FREQ=WEEKLY;WKST=SU;INTERVAL=2;BYDAY=SU,MO", "2026-01-04T21:00:00", [], THROUGH),
    ("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8", "2026-03-23T07:30:00", ["2026-03-25T07:30:00", "2026-04-06T07:30:00"], THROUGH),
    ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYMONTHDAY=13", "2026-01-13T09:00:00", [], "2028-12-31T23:59:59Z"),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "2024-02-29T20:00:00", [], "2040-12-31T23:59:59Z"),
    ("FREQ=WEEKLY;BYDAY=SU", "2026-10-04T02:30:00", [], THROUGH),
]


def utc(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    zone = ZoneInfo(ZONE)
    cases = []
    for rule, start, exdates, through in CASES:
        dtstart = datetime.fromisoformat(start).replace(tzinfo=zone)
        until = datetime.fromisoformat(through.replace("Z", "+00:00"))
        rules = rruleset()
        rules.rrule(rrulestr(rule, dtstart=dtstart))
        for exdate in exdates:
            rules.exdate(datetime.fromisoformat(exdate).replace(tzinfo=zone))
        occurrences = [utc(o) for o in rules.between(dtstart, until, inc=True)]
        cases.append({"rule": rule, "zone": ZONE, "start": start, "exdates": exdates, "through": through,
                      "occurrences": occurrences})
    json.dump({"generator": "python-dateutil rrule", "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
