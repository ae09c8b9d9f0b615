"""Beat tracking against the beats written in the MIDI files the corpus was rendered from.

    python e2e/bench/beats_compare.py CORPUSDIR [CORPUSDIR ...] --cadence .build/release/cadence [--json]

For each entry of each CORPUSDIR/manifest.json (make_songs.py: the MIDI is CORPUSDIR/midi/NAME.mid;
render_midi_files.py: the entry's "source"), the reference beats are the file's quarter notes, in
seconds through its tempo map, up to the end of the rendered audio. Three trackers run on the same WAV:

  Cadence   `cadence tempo analyse FILE --json --beats`
  librosa   librosa.beat.beat_track (sr 22,050, the default hop of 512)
  Essentia  essentia.standard.RhythmExtractor2013(method="multifeature") (skipped when not installed)

and each is scored with mir_eval.beat.f_measure (±70 ms, beats in the first 5 s left out, as mir_eval
does). Prints the mean F-measure per tracker and per corpus, and the mean signed offset of matched
beats (a tracker that is consistently early or late shows here).

Needs PyPI mir_eval, librosa, mido (and essentia for the third column): e2e/bench/requirements.txt.
"""
import argparse
import json
import subprocess
import sys
from pathlib import Path

import mido
import numpy as np

SR = 22050


def quarter_notes(midi_path, until):
    """Seconds of every quarter note of the file up to `until`, through its set_tempo changes."""
    mid = mido.MidiFile(str(midi_path))
    per_beat = mid.ticks_per_beat
    changes = []            # (tick, microseconds per quarter)
    for track in mid.tracks:
        tick = 0
        for msg in track:
            tick += msg.time
            if msg.type == "set_tempo":
                changes.append((tick, msg.tempo))
    changes.sort()
    if not changes or changes[0][0] > 0:
        changes.insert(0, (0, 500000))
    beats, seconds, tick, tempo, index = [], 0.0, 0, changes[0][1], 1
    while seconds <= until:
        beats.append(seconds)
        next_tick = tick + per_beat
        # Walk through any tempo changes inside this beat.
        while index < len(changes) and changes[index][0] < next_tick:
            at, new_tempo = changes[index]
            seconds += (at - tick) * tempo / per_beat / 1e6
            tick, tempo = at, new_tempo
            index += 1
        seconds += (next_tick - tick) * tempo / per_beat / 1e6
        tick = next_tick
    return np.array(beats)


def midi_of(corpus, entry):
    if "source" in entry:
        return Path(entry["source"])
    return corpus / "midi" / (Path(entry["file"]).stem + ".mid")


def cadence_beats(binary, wav):
    out = subprocess.run([binary, "tempo", "analyse", str(wav), "--json", "--beats"], check=True,
                         capture_output=True, text=True).stdout
    return np.array(json.loads(out).get("beats", []))


def offsets(reference, estimated, window=0.07):
    """Signed offsets (estimated − reference) of beats within the window, past the first 5 s."""
    reference = reference[reference >= 5]
    found = []
    for t in estimated[estimated >= 5]:
        if len(reference):
            nearest = reference[np.argmin(np.abs(reference - t))]
            if abs(nearest - t) <= window:
                found.append(t - nearest)
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpora", type=Path, nargs="+")
    ap.add_argument("--cadence", required=True, help="the cadence binary")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    import librosa
    import mir_eval
    try:
        import essentia.standard as es
        rhythm = es.RhythmExtractor2013(method="multifeature")
    except ImportError:
        es = None

    systems = ["cadence", "librosa"] + (["essentia"] if es else [])
    rows = []
    for corpus in args.corpora:
        for entry in json.loads((corpus / "manifest.json").read_text()):
            wav = corpus / entry["file"]
            midi = midi_of(corpus, entry)
            if not midi.exists():
                print(f"{wav.name}: no MIDI at {midi}, left out", file=sys.stderr)
                continue
            y, _ = librosa.load(str(wav), sr=SR, mono=True)
            reference = quarter_notes(midi, len(y) / SR - 0.5)
            found = {"cadence": cadence_beats(args.cadence, wav)}
            _, frames = librosa.beat.beat_track(y=y, sr=SR)
            found["librosa"] = librosa.frames_to_time(frames, sr=SR)
            if es:
                audio = es.MonoLoader(filename=str(wav), sampleRate=44100)()
                found["essentia"] = np.array(rhythm(audio)[1])
            row = {"corpus": corpus.name, "file": entry["file"], "bpm": entry["bpm"]}
            for name in systems:
                row[name] = float(mir_eval.beat.f_measure(mir_eval.beat.trim_beats(reference),
                                                          mir_eval.beat.trim_beats(found[name])))
                row[name + "Offset"] = float(np.mean(offsets(reference, found[name]) or [0]))
            rows.append(row)
            print(f"{corpus.name}/{entry['file']:<40}" + "".join(f" {n} {row[n]:.3f}" for n in systems),
                  file=sys.stderr if args.json else sys.stdout, flush=True)

    summary = {"count": len(rows), "systems": systems, "rows": rows}
    for name in systems:
        summary[name] = float(np.mean([r[name] for r in rows])) if rows else 0.0
        summary[name + "OffsetMs"] = float(np.mean([r[name + "Offset"] for r in rows]) * 1000) if rows else 0.0
    if args.json:
        print(json.dumps(summary))
        return
    print(f"\nbeat F-measure (mir_eval, ±70 ms) over {len(rows)} files")
    for corpus in sorted({r["corpus"] for r in rows}):
        part = [r for r in rows if r["corpus"] == corpus]
        print(f"  {corpus} ({len(part)}): " + ", ".join(f"{n} {np.mean([r[n] for r in part]):.3f}" for n in systems))
    print("  all: " + ", ".join(f"{n} {summary[n]:.3f} (matched beats {summary[n + 'OffsetMs']:+.1f} ms)" for n in systems))


if __name__ == "__main__":
    main()
