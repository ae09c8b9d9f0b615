"""The watch computes a run's state in JavaScript (static/talk-run.js) from the same
steps the server keeps. These are the cases of Tests/TalksTests/TalkRunTests.swift,
run in Chromium, so the two implementations cannot drift apart unnoticed."""
import json

T0 = 1_000_000
CUES = [{"keyword": "One", "at": 0}, {"keyword": "Two", "at": 10}, {"keyword": "Three", "at": 20}]

CASES = [
    # (steps as (action, offset ms), query offset ms, expected phase, expected cue index)
    ([], 0, "notStarted", None),
    ([("start", 0)], 0, "running", 0),
    ([("start", 0)], 9_999, "running", 0),
    ([("start", 0)], 10_000, "running", 1),
    ([("start", 0)], 20_000, "running", 2),
    ([("start", 0)], 31_000, "finished", 2),
    ([("start", 0), ("next", 3_000)], 3_000, "running", 1),
    ([("start", 0), ("next", 3_000)], 19_000, "running", 1),
    ([("start", 0), ("next", 3_000)], 20_000, "running", 2),
    ([("start", 0), ("next", 3_000), ("next", 21_000)], 21_000, "finished", 2),
    ([("start", 0), ("pause", 5_000)], 60_000, "paused", 0),
    ([("start", 0), ("pause", 5_000), ("resume", 60_000)], 65_000, "running", 1),
    ([("start", 0), ("stop", 15_000)], 16_000, "finished", 1),
]


def test_the_watch_computes_the_same_state_as_the_server(driver, server):
    driver.get(server + "/login")
    cases = [{"steps": [{"action": a, "at": T0 + o} for a, o in steps], "now": T0 + now} for steps, now, _, _ in CASES]
    results = driver.execute_async_script("""
        const [cases, cues, done] = arguments;
        import('/static/talk-run.js').then(({ runSnapshot }) => {
            done(cases.map((c) => runSnapshot({ cues, duration: 30, steps: c.steps }, c.now)));
        }).catch((error) => done(String(error)));
    """, cases, CUES)
    assert isinstance(results, list), results
    for (steps, now, phase, index), result in zip(CASES, results):
        assert (result["phase"], result["cueIndex"]) == (phase, index), f"{steps} at +{now} ms: {json.dumps(result)}"
    # Pauses stop the clock: 5 s of talking after a minute paused.
    assert results[10]["elapsed"] == 5
