"""What a stranger's repeat rule costs the server (issue 35, item 4), against a plain rule in the same run.

    CADENCE_BIN=.build/release/cadence .venv/bin/python e2e/bench/repeat_rules.py [--repeat 5]

Starts a real `cadence serve` and, through its CalDAV endpoint as a calendar app would, times:
  query  a calendar-query REPORT for the year 9000 over one task FREQ=YEARLY;BYDAY=MO listed 2,000 times
         (318 bytes of rule), against the same REPORT over one FREQ=DAILY task in another account;
  put    a PUT of a series with 200 completed occurrences (30 KB), against a PUT of the same series alone;
  limit  the same REPORT over a rule that never occurs (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=5, from the year
         1), which looks at a million candidate days and is refused (403).
Prints {"query_ms": …, "query_reference_ms": …, "put_ms": …, "put_reference_ms": …, ratios} as JSON (medians).
"""
import argparse
import base64
import json
import re
import statistics
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from conftest import CadenceServer, api, unique_email  # noqa: E402

QUERY = ('<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
         '<d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">'
         '<c:time-range start="90000101T000000Z" end="90000201T000000Z"/></c:comp-filter></c:comp-filter></c:filter>'
         '</c:calendar-query>').encode()


def series(uid, rule, completed=0, start="20260105T090000Z"):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "BEGIN:VTODO", f"UID:{uid}", "SUMMARY:Bench",
             f"DTSTART:{start}", f"DUE:{start}", f"RRULE:{rule}", "END:VTODO"]
    for day in range(completed):
        stamp = time.strftime("%Y%m%dT090000Z", time.gmtime(1767603600 + day * 86400))
        lines += ["BEGIN:VTODO", f"UID:{uid}", f"RECURRENCE-ID:{stamp}", "SUMMARY:Bench", f"DTSTART:{stamp}", f"DUE:{stamp}",
                  "STATUS:COMPLETED", f"COMPLETED:{stamp}", "END:VTODO"]
    return ("\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n").encode()


class Calendar:
    def __init__(self, base):
        status, body = api(base, "POST", "/api/v1/auth/register",
                           {"email": unique_email("bench"), "displayName": "B", "password": "bench password 1"})
        assert status == 201, body
        status, made = api(base, "POST", "/api/v1/devices/app-passwords", {"name": "Bench"}, token=body["token"])
        assert status == 201, made
        self.base = base
        self.auth = "Basic " + base64.b64encode(f"{made['username']}:{made['password']}".encode()).decode()
        status, listing = self.send("PROPFIND", "/dav/calendars/", b'<d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>')
        self.list = re.findall(rb"/dav/calendars/[^/<]+/", listing)[0].decode()

    def send(self, method, path, data, headers=None):
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Authorization": self.auth, "Depth": "1", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=600) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def timed(self, method, path, data, headers=None, expect=range(200, 300)):
        started = time.perf_counter()
        status, body = self.send(method, path, data, headers)
        elapsed = (time.perf_counter() - started) * 1000
        assert status in expect, (status, body[:300])
        return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    server = CadenceServer(log_name="bench-repeat-rules.log")
    server.start()
    try:
        hostile, plain = Calendar(server.base), Calendar(server.base)
        hostile.timed("PUT", hostile.list + "hostile.ics", series("hostile", "FREQ=YEARLY;BYDAY=" + ",".join(["MO"] * 2000)),
                      {"Content-Type": "text/calendar"})
        plain.timed("PUT", plain.list + "plain.ics", series("plain", "FREQ=DAILY"), {"Content-Type": "text/calendar"})
        xml = {"Content-Type": "application/xml"}
        query = [hostile.timed("REPORT", hostile.list, QUERY, xml) for _ in range(args.repeat)]
        reference = [plain.timed("REPORT", plain.list, QUERY, xml) for _ in range(args.repeat)]
        put = [hostile.timed("PUT", hostile.list + f"done-{n}.ics", series(f"done-{n}", "FREQ=DAILY", 200),
                             {"Content-Type": "text/calendar"}) for n in range(args.repeat)]
        put_reference = [plain.timed("PUT", plain.list + f"alone-{n}.ics", series(f"alone-{n}", "FREQ=DAILY"),
                                     {"Content-Type": "text/calendar"}) for n in range(args.repeat)]
        never = Calendar(server.base)
        never.timed("PUT", never.list + "never.ics", series("never", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=5", start="00010105T090000Z"),
                    {"Content-Type": "text/calendar"})
        limit = [never.timed("REPORT", never.list, QUERY, xml, expect=[403]) for _ in range(args.repeat)]
        result = {"limit_ms": statistics.median(limit), "query_ms": statistics.median(query), "query_reference_ms": statistics.median(reference),
                  "put_ms": statistics.median(put), "put_reference_ms": statistics.median(put_reference),
                  "put_bytes": len(series("x", "FREQ=DAILY", 200))}
        result["query_ratio"] = result["query_ms"] / result["query_reference_ms"]
        result["put_ratio"] = result["put_ms"] / result["put_reference_ms"]
        print(json.dumps({key: round(value, 2) for key, value in result.items()}))
    finally:
        server.close()


if __name__ == "__main__":
    main()
