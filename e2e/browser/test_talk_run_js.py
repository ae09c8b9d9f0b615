"""The watch and the phone compute a run's state in JavaScript (static/talk-run.js) from the
same steps the server keeps. Both sides run the cases of Tests/TalksTests/talk-run-cases.json
(the Swift side in TalkRunTests), here in Chromium, so they cannot drift apart unnoticed."""
import json
from pathlib import Path

CASES_FILE = Path(__file__).resolve().parents[2] / "Tests" / "TalksTests" / "talk-run-cases.json"

# When a page next has something new to show (it renders then, instead of polling): with cues at
# 0:00, 0:15 and 0:30 of 0:45, (steps as (action, ms after T0), now, the next instant or None).
NEXT_CHANGES = [
    ([], 0, None),                                              # nothing runs before the start
    ([("start", 0)], 0, 1_000),                                 # the clock's next second
    ([("start", 0)], 14_400, 15_000),                           # the cue's own instant
    ([("start", 0), ("pause", 2_000)], 3_000, 5_000),           # paused: amber 10 s before the cue was due
    ([("start", 0), ("pause", 5_000)], 6_000, 15_000),          # paused: red when it was due
    ([("start", 0), ("pause", 5_000)], 20_000, None),           # paused and overdue: only a step changes it
    ([("start", 0), ("pause", 3_300), ("resume", 10_000)], 21_000, 21_700),  # the cue at 15 s of talking
    ([("start", 0), ("pause", 20_500)], 20_200, 20_500),        # a step recorded for later
    ([("start", 0)], 44_300, 45_000),                           # the end
    ([("start", 0)], 45_000, None),                             # finished
]


def load():
    return json.loads(CASES_FILE.read_text(encoding="utf-8"))


def run_in_page(driver, server, function, queries):
    """Calls talk-run.js's `function(run, now)` for each (steps, now) in Chromium."""
    shared = load()
    t0 = shared["t0"]
    runs = [{"run": {"cues": shared["cues"], "duration": shared["duration"],
                     "steps": [{"action": a, "at": t0 + o} for a, o in steps]}, "now": t0 + now} for steps, now in queries]
    driver.get(server + "/login")
    results = driver.execute_async_script("""
        const [name, runs, done] = arguments;
        import('/static/talk-run.js').then((rules) => {
            done(runs.map((r) => rules[name](r.run, r.now)));
        }).catch((error) => done(String(error)));
    """, function, runs)
    assert isinstance(results, list), results
    return results


def test_the_watch_computes_the_same_state_as_the_server(driver, server):
    cases = load()["cases"]
    results = run_in_page(driver, server, "runSnapshot", [([tuple(s) for s in c["steps"]], c["now"]) for c in cases])
    for case, result in zip(cases, results):
        for key, expected in case["expect"].items():
            got = result[key]
            same = abs(got - expected) < 1e-9 if isinstance(expected, (int, float)) and got is not None else got == expected
            assert same, f"{case['name']}: {key} is {got}, expected {expected} ({json.dumps(result)})"
    assert {r["pace"] for r in results} == {None, "onTime", "dueSoon", "overdue"}


def test_pages_render_at_the_instant_the_run_changes(driver, server):
    t0 = load()["t0"]
    results = run_in_page(driver, server, "nextChangeAt", [(steps, now) for steps, now, _ in NEXT_CHANGES])
    for (steps, now, expected), got in zip(NEXT_CHANGES, results):
        assert got == (None if expected is None else t0 + expected), f"{steps} at +{now} ms: next change {got}"
