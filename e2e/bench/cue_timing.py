"""Cue timing on the watch page (issue 5's benchmark): how late each keyword
appears against its scheduled time, over a run of 50 cues one second apart.

    CADENCE_BIN=.build/release/cadence .venv/bin/python e2e/bench/cue_timing.py

Starts its own server, pairs a headless Chromium as the watch (198×242), casts a
50-cue talk, starts it and records (in the page, with a MutationObserver) when
each keyword appeared. Error = appearance − (start step + cue time). The server and
the browser run on this one machine, so both times are on the same clock: the error
includes the page's mistake in estimating the server's clock, not only its timer.
The page's own estimate of that offset is printed too (ideally 0 here). Prints
p50/p99/max; the goal (issue 17) is p99 ≤ 20 ms."""
import json
import os
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import CadenceServer, api, new_browser, unique_email  # noqa: E402

CUES = 50


def main():
    server = CadenceServer(log_name="bench-server.log")
    server.start()
    watch = new_browser()
    try:
        base = server.base
        status, body = api(base, "POST", "/api/v1/auth/register",
                           {"email": unique_email("bench"), "displayName": "Bench", "password": "bench password"})
        token = body["token"]
        code = api(base, "POST", "/api/v1/devices/pairings", {}, token=token)[1]["code"]
        watch.get(f"{base}/pair?role=watch&code={code}")
        watch.find_element("name", "name").send_keys("Bench watch")
        watch.find_element("css selector", "main form button").click()
        time.sleep(1)
        cues = [{"keyword": f"Cue {i + 1}", "time": i} for i in range(CUES)]
        topic = api(base, "POST", "/api/v1/talks/topics",
                    {"title": "Timing", "duration": CUES + 1, "cues": cues}, token=token)[1]
        api(base, "PUT", "/api/v1/talks/cast", {"topicId": topic["id"]}, token=token)
        watch.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 198, "height": 242, "deviceScaleFactor": 1, "mobile": True})
        deadline = time.time() + 20
        while watch.find_element("id", "talk-title").text != "Timing":
            assert time.time() < deadline, "the cast never reached the watch"
            time.sleep(0.1)
        watch.execute_script("""
            window.__cueLog = [];
            new MutationObserver(() => window.__cueLog.push([Date.now(), document.getElementById('talk-keyword').textContent]))
                .observe(document.getElementById('talk-keyword'), { childList: true, characterData: true, subtree: true });
        """)
        watch.find_element("id", "talk-start").click()
        time.sleep(CUES + 3)
        log = watch.execute_script("return window.__cueLog")
        offset = float(watch.execute_script("return document.body.dataset.clockOffset || '0'"))
        run = api(base, "GET", "/api/v1/talks/cast", token=token)[1]["run"]
        started = next(step["at"] for step in run["steps"] if step["action"] == "start")
        first_seen = {}
        for at, text in log:
            first_seen.setdefault(text, at)
        errors = []
        for index in range(CUES):
            appeared = first_seen.get(f"Cue {index + 1}")
            if appeared is not None:
                errors.append(appeared - (started + index * 1000))
        errors.sort()
        missing = CUES - len(errors)
        pick = lambda p: errors[min(len(errors) - 1, int(len(errors) * p))]
        print(f"cue timing on the watch page (198x242, headless Chromium): {len(errors)} of {CUES} cues seen, {missing} missing")
        print(f"error (appeared - scheduled): p50 {pick(0.5):.0f} ms, p99 {pick(0.99):.0f} ms, max {errors[-1]:.0f} ms, min {errors[0]:.0f} ms")
        print(f"the page's estimate of the server's clock offset: {offset:.0f} ms (the true offset here is 0)")
        print("target: p99 <= 20 ms")
    finally:
        watch.quit()
        server.close()


if __name__ == "__main__":
    main()
