"""A third tempo corpus of music nobody here wrote: Standard MIDI Files that other people composed,
rendered with fluidsynth and the General MIDI soundfont, labelled with the tempo written in the file.

    apt-get install openttd-openmsx simutrans-data planetblupi-music-midi   # game soundtracks
    python e2e/corpus/render_midi_files.py OUTDIR [MIDI files or folders ...]
    cadence bench tempo --corpus OUTDIR

Without arguments it reads the soundtracks of those three Debian packages. The label is the
quarter-note tempo of the file's set_tempo event. A file is left out (and said so) when one label
could not be right for the whole song:
- its tempo changes for more than 5 % of its length (ritardandi at the end are fine);
- its main metre (the one in force longest) is compound or counted in eighths (6/8, 9/8, 12/8, 6/4 …),
  where the pulse people tap is the dotted quarter, ×⅔ of the written quarter-note tempo, which neither
  Acc1 nor Acc2 allows.
Cut-time (2/2) files stay: their half-note pulse is half the label, which Acc2 allows.

Needs: Debian `fluidsynth` and `fluid-soundfont-gm`; PyPI `mido` and `numpy` (e2e/requirements.txt).
Writes OUTDIR/manifest.json like make_songs.py.
"""
import argparse
import json
import re
import sys
from pathlib import Path

import mido

from make_songs import render

DEBIAN_SOUNDTRACKS = [
    Path("/usr/share/games/openttd/baseset/openmsx"),
    Path("/usr/share/games/simutrans/music"),
    Path("/usr/share/planetblupi/music"),
]


def tempo_map(mid):
    """(seconds of the song, {quarter-note BPM: seconds}, {(numerator, denominator): seconds}) in one
    pass. mido's iteration yields messages with delta times already in seconds."""
    tempi, metres = {}, {}
    bpm, metre, total = 120.0, (4, 4), 0.0      # the MIDI defaults until the file says otherwise
    for msg in mid:
        if msg.time:
            tempi[round(bpm, 2)] = tempi.get(round(bpm, 2), 0.0) + msg.time
            metres[metre] = metres.get(metre, 0.0) + msg.time
            total += msg.time
        if msg.type == "set_tempo":
            bpm = mido.tempo2bpm(msg.tempo)
        elif msg.type == "time_signature":
            metre = (msg.numerator, msg.denominator)
    return total, tempi, metres


def label(path):
    """(BPM, None) for a usable file, else (None, why it is left out)."""
    try:
        mid = mido.MidiFile(str(path))
        if mid.type == 2:
            return None, "type 2 (independent patterns)"
        total, tempi, metres = tempo_map(mid)
    except Exception as error:  # a file mido cannot read is reported, not fatal
        return None, f"unreadable ({error})"
    if total < 20:
        return None, f"only {total:.0f} s long"
    bpm, seconds = max(tempi.items(), key=lambda item: item[1])
    if seconds < 0.95 * total:
        return None, f"tempo changes ({len(tempi)} tempi; {bpm} BPM for {100 * seconds / total:.0f} %)"
    (numerator, denominator), _ = max(metres.items(), key=lambda item: item[1])
    if denominator >= 8 or (numerator % 3 == 0 and numerator > 3):
        return None, f"compound metre {numerator}/{denominator}"
    return bpm, None


def midi_files(sources):
    for source in sources:
        if source.is_dir():
            yield from sorted(p for p in source.rglob("*") if p.suffix.lower() in (".mid", ".midi"))
        elif source.exists():
            yield source


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("sources", type=Path, nargs="*", help="MIDI files or folders (default: the Debian soundtracks)")
    parser.add_argument("--seconds", type=float, default=120, help="length rendered from each song (default 120)")
    args = parser.parse_args()
    sources = args.sources or [p for p in DEBIAN_SOUNDTRACKS if p.exists()]
    files = list(midi_files(sources))
    if not files:
        sys.exit("no MIDI files found: install openttd-openmsx, simutrans-data or planetblupi-music-midi, "
                 "or name MIDI files or folders")
    args.outdir.mkdir(parents=True, exist_ok=True)
    manifest = []
    for path in files:
        bpm, why = label(path)
        if bpm is None:
            print(f"{path}: left out, {why}", file=sys.stderr)
            continue
        name = re.sub(r"[^A-Za-z0-9_-]+", "_", f"{path.parent.name}_{path.stem}")
        wav = args.outdir / f"{name}.wav"
        if not wav.exists():
            length = mido.MidiFile(str(path)).length
            render(path, wav, args.seconds, length, max_tail=None)
        manifest.append({"file": wav.name, "bpm": bpm, "style": path.parent.name, "source": str(path)})
        print(f"{wav.name:50s} {bpm:6.1f} BPM", flush=True)
    (args.outdir / "manifest.json").write_text(json.dumps(manifest, indent=1))


if __name__ == "__main__":
    main()
