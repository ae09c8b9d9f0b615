"""Song choice when following the pace (issue 21 goal: ≤ 5 ms per decision over a 10,000-song library).

    python e2e/bench/follow_choice.py [--songs 10000] [--decisions 2000]

Loads Sources/Tempo/Web/Resources/static/tempo-pace-follow.js into headless Chromium (the browser the page runs in)
and times `chooseSong` over a generated library for cadences 120–200, with the last five songs as recent; beside it,
a bare loop over the same library that only reads each song's BPM (the floor any one-pass rule pays).
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import new_browser  # noqa: E402

SCRIPT = Path(__file__).resolve().parents[2] / "Sources/Tempo/Web/Resources/static/tempo-pace-follow.js"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--songs", type=int, default=10000)
    ap.add_argument("--decisions", type=int, default=2000)
    args = ap.parse_args()
    browser = new_browser()
    try:
        browser.get("about:blank")
        browser.execute_script(SCRIPT.read_text())
        result = browser.execute_script("""
            const [count, decisions] = arguments;
            const library = Array.from({ length: count }, (_, i) => ({ id: 's' + i, bpm: 60 + ((i * 7919) % 14000) / 100 }));
            const recent = ['s1', 's2', 's3', 's4', 's5'];
            for (let i = 0; i < 200; i++) window.CadencePaceFollow.chooseSong(library, 120 + (i % 80), 0.08, recent);  // warm-up
            const times = [];
            for (let i = 0; i < decisions; i++) {
              const started = performance.now();
              window.CadencePaceFollow.chooseSong(library, 120 + (i * 0.37) % 80, 0.08, recent);
              times.push(performance.now() - started);
            }
            let floor = 0, sum = 0;
            const bare = performance.now();
            for (let i = 0; i < decisions; i++) for (const song of library) sum += song.bpm;
            floor = (performance.now() - bare) / decisions;
            times.sort((a, b) => a - b);
            return { median: times[times.length >> 1], p99: times[Math.floor(times.length * 0.99)], floor, sum };""",
                                        args.songs, args.decisions)
        print(f"chooseSong over {args.songs} songs, {args.decisions} decisions in headless Chromium: median {result['median']:.3f} ms, "
              f"p99 {result['p99']:.3f} ms (goal ≤ 5 ms); a bare pass over the library {result['floor']:.3f} ms")
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
