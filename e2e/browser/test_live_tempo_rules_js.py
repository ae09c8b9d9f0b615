"""The live run page sets the music's tempo in JavaScript (static/tempo-live-rules.js) by the
same rules as Tempo's LiveTempo.swift. Both run the cases of live-tempo-cases.json (the Swift
side in LiveTempoTests), so the phone and the server cannot drift apart unnoticed.

The script is a classic one that defines window.CadenceLiveTempo, so the test adds it to a
served page with a <script src> element (allowed by the page's CSP, script-src 'self') and
runs every case in Chromium."""
import json
from pathlib import Path

# The cases live beside the Swift tests.
CASES_FILE = Path(__file__).resolve().parents[2] / "Tests" / "TempoTests" / "live-tempo-cases.json"


def load_cases():
    return json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]


def test_the_live_page_sets_the_same_tempo_as_swift(driver, server):
    cases = load_cases()
    driver.get(server + "/login")
    results = driver.execute_async_script("""
        const [cases, done] = arguments;
        const run = () => {
            const { step } = window.CadenceLiveTempo;
            return cases.map((c) => {
                let state = c.state;
                return c.steps.map((s) => {
                    const result = step(state, s.input);
                    state = result.state;
                    return result.output;
                });
            });
        };
        const finish = () => { try { done(run()); } catch (error) { done(String(error)); } };
        if (window.CadenceLiveTempo) { finish(); return; }
        const script = document.createElement('script');
        script.src = '/static/tempo-live-rules.js';
        script.onload = finish;
        script.onerror = () => done('could not load /static/tempo-live-rules.js');
        document.head.appendChild(script);
    """, cases)
    assert isinstance(results, list), results
    assert len(results) == len(cases)
    for case, outputs in zip(cases, results):
        assert len(outputs) == len(case["steps"]), case["name"]
        for number, (step, output) in enumerate(zip(case["steps"], outputs), start=1):
            expect, where = step["expect"], f"{case['name']}, step {number}: {json.dumps(output)}"
            assert abs(output["rate"] - expect["rate"]) <= 1e-9, where
            for key in ("targetCadence", "source", "beat"):
                assert output[key] == expect[key], f"{key} — {where}"
            if "reason" in expect:
                assert output["reason"] == expect["reason"], where
