"""Reference tempo numbers: librosa.beat.beat_track over the corpus of make_songs.py.

    python e2e/bench/tempo_librosa.py CORPUSDIR [--json]

For every entry of CORPUSDIR/manifest.json: load with librosa.load(sr=22050, mono=True)
(not timed), time librosa.beat.beat_track alone, and score its tempo against the label:
  Acc1  estimate within +/-4 % of the label
  Acc2  within +/-4 % of the label x1, x2, x1/2, x3 or x1/3
secondsPer4min is the beat_track time scaled to a 240 s track (time * 240 / duration),
averaged over files. numba's first-call compilation is paid on a warm-up clip before
timing starts.

--json prints only a summary on stdout (progress goes to stderr):
  {"tool": "librosa", "version": "...", "acc1": 0.0-1.0, "acc2": 0.0-1.0,
   "secondsPer4min": s, "count": n,
   "files": [{"file", "label", "bpm", "style", "acc1", "acc2", "secondsPer4min"}]}
acc1/acc2 are fractions (0-1), not percentages.
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

TOLERANCE = 0.04
FACTORS = (1.0, 2.0, 0.5, 3.0, 1.0 / 3.0)
SR = 22050


def within(estimate, target):
    return abs(estimate - target) <= TOLERANCE * target


def score(estimate, label):
    return within(estimate, label), any(within(estimate, label * f) for f in FACTORS)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--json", action="store_true", help="print a machine-readable summary only")
    args = ap.parse_args(argv)
    log = sys.stderr if args.json else sys.stdout

    manifest = json.loads((args.corpus / "manifest.json").read_text())
    import librosa  # slow import: after the arguments are checked

    warm = librosa.load(str(args.corpus / manifest[0]["file"]), sr=SR, mono=True, duration=10)[0]
    librosa.beat.beat_track(y=warm, sr=SR)            # numba compiles here, untimed

    rows = []
    for entry in manifest:
        y, sr = librosa.load(str(args.corpus / entry["file"]), sr=SR, mono=True)
        duration = len(y) / sr
        started = time.perf_counter()
        tempo, _beats = librosa.beat.beat_track(y=y, sr=sr)
        took = time.perf_counter() - started
        bpm = float(np.atleast_1d(tempo)[0])
        acc1, acc2 = score(bpm, float(entry["bpm"]))
        row = {"file": entry["file"], "label": float(entry["bpm"]), "bpm": round(bpm, 3),
               "style": entry.get("style", ""), "acc1": acc1, "acc2": acc2,
               "secondsPer4min": round(took * 240 / duration, 4)}
        rows.append(row)
        mark = "ok " if acc1 else "x2 " if acc2 else "MISS"
        print(f"{row['file']:<28} label {row['label']:7.2f}  librosa {bpm:7.2f}  {mark}  "
              f"{row['secondsPer4min']:.3f} s/4min", file=log, flush=True)

    n = len(rows)
    summary = {
        "tool": "librosa", "version": librosa.__version__,
        "acc1": sum(r["acc1"] for r in rows) / n, "acc2": sum(r["acc2"] for r in rows) / n,
        "secondsPer4min": sum(r["secondsPer4min"] for r in rows) / n, "count": n,
        "files": rows,
    }
    styles = sorted({r["style"] for r in rows})
    print(f"\nper style (Acc1 / Acc2 of n):", file=log)
    for style in styles:
        sel = [r for r in rows if r["style"] == style]
        print(f"  {style:<20} {sum(r['acc1'] for r in sel)}/{sum(r['acc2'] for r in sel)} of {len(sel)}",
              file=log)
    print(f"librosa {librosa.__version__} beat_track over {n} files: Acc1 {100 * summary['acc1']:.1f} %  "
          f"Acc2 {100 * summary['acc2']:.1f} %  {summary['secondsPer4min']:.3f} s per 4-minute track "
          f"(after decode)", file=log)
    if args.json:
        json.dump(summary, sys.stdout, indent=1)
        print()


if __name__ == "__main__":
    main()
