"""Tempo test corpus: songs written as MIDI at known tempos and rendered with a General
MIDI soundfont, in styles that trip tempo estimators.

    python e2e/corpus/make_songs.py OUTDIR [--count N] [--seconds S] [--seed K] [--jobs J]

Writes OUTDIR/NNN_style.wav (22,050 Hz, mono, 16-bit), the MIDI it came from in
OUTDIR/midi/, and last of all OUTDIR/manifest.json:
    [{"file": "000_rock.wav", "bpm": 128.0, "style": "rock", "seconds": 60.0}, ...]
(manifest.json is removed first and written atomically at the end, so a reader that
waits for it sees only complete WAVs.)

The label ("bpm") is the quarter-note pulse written in the MIDI file's set_tempo: the
rate a runner would step to. For half_time songs (snare once a bar, on beat 3) that is
the hat/kick grid, e.g. 140, not the 70 the backbeat suggests; dnb is labelled at
160-180, not its half-time 80-90 feel. See styles.py.

Needs: Debian `fluidsynth` and `fluid-soundfont-gm`; PyPI `mido`, `numpy` and `scipy` (see e2e/requirements.txt).
Output is deterministic for a given --seed, --count and --seconds (fluidsynth is
deterministic too, but its chorus/reverb are left at their defaults).
"""
import argparse
import concurrent.futures
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

import mido
import numpy as np
from scipy.optimize import linear_sum_assignment

sys.path.insert(0, str(Path(__file__).resolve().parent))
import styles  # noqa: E402

SOUNDFONT = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
RATE = 22050
TICKS = 960
HUMANISE_MS = 5.0      # timing: normal with sd 2 ms, clipped to +/- 5 ms
HUMANISE_VEL = 8       # velocity: uniform +/- 8


# ------------------------------------------------------------------ planning

def plan(count, seed):
    """Style and tempo per song: styles dealt round-robin (shuffled per seed), tempos
    stratified over 60-200 BPM and matched to the styles' ranges so the whole corpus
    covers 60-200 roughly uniformly (a style never leaves its range)."""
    rng = random.Random(f"plan-{seed}")
    names = list(styles.STYLES)
    rng.shuffle(names)
    slots = [names[i % len(names)] for i in range(count)]
    # Swing is the only style above 180, but medium swing matters too: every other
    # swing song is planned in 100-150, the rest in 170-200.
    ranges, swings = [], 0
    for style in slots:
        lo, hi = styles.STYLES[style]
        if style == "swing":
            lo, hi = (170, 200) if swings % 2 == 0 else (100, 150)
            swings += 1
        ranges.append((lo, hi))
    targets = [60 + (k + rng.random()) * 140 / count for k in range(count)]

    # Match slots to targets minimising the squared distance outside the slot's range
    # (random noise breaks the many ties); a slot left outside draws a tempo in range.
    cost = np.array([[max(lo - t, 0, t - hi) ** 2 + rng.random() * 1e-3 for t in targets]
                     for lo, hi in ranges])
    rows, cols = linear_sum_assignment(cost)
    tempo = [0.0] * count
    for i, t in zip(rows, cols):
        lo, hi = ranges[i]
        bpm = targets[t] if lo <= targets[t] <= hi else rng.uniform(lo, hi)
        tempo[i] = round(bpm, 1)
    return list(zip(slots, tempo))


# ------------------------------------------------------------------ one song

def compose(style, bpm, seconds, rng):
    bars = math.ceil(seconds * bpm / 240) + 1
    song = styles.Song(rng, bpm, bars)
    song.variant = ""
    if style == "sparse_intro":
        bar_s = 240 / bpm
        options = [n for n in range(1, 64) if 8 <= n * bar_s <= 16] or [max(1, round(12 / bar_s))]
        intro_bars = rng.choice(options)
        song.intro_seconds = intro_bars * bar_s
        styles.sparse_intro(song, intro_bars)
    else:
        getattr(styles, style)(song)
    return song


def write_midi(song, path):
    rng = song.rng
    tempo = mido.bpm2tempo(song.bpm)
    ticks_per_second = TICKS * 1e6 / tempo
    events = []   # (tick, order, message); note_off before note_on at the same tick
    for n in song.notes:
        offset = max(-HUMANISE_MS, min(HUMANISE_MS, rng.gauss(0, 2.0))) / 1000
        on = max(0, round(n.beat * TICKS + offset * ticks_per_second))
        off = max(on + 1, round((n.beat + n.length) * TICKS + offset * ticks_per_second))
        vel = max(1, min(127, n.velocity + rng.randint(-HUMANISE_VEL, HUMANISE_VEL)))
        events.append((on, 1, mido.Message("note_on", channel=n.channel, note=n.pitch, velocity=vel)))
        events.append((off, 0, mido.Message("note_off", channel=n.channel, note=n.pitch, velocity=0)))
    events.sort(key=lambda e: (e[0], e[1]))
    mid = mido.MidiFile(type=0, ticks_per_beat=TICKS)
    track = mido.MidiTrack()
    mid.tracks.append(track)
    track.append(mido.MetaMessage("set_tempo", tempo=tempo, time=0))
    track.append(mido.MetaMessage("time_signature", numerator=4, denominator=4, time=0))
    for channel, program in sorted(song.programs.items()):
        track.append(mido.Message("program_change", channel=channel, program=program, time=0))
        track.append(mido.Message("control_change", channel=channel, control=7, value=100, time=0))
    now = 0
    for tick, _, msg in events:
        track.append(msg.copy(time=tick - now))
        now = tick
    track.append(mido.MetaMessage("end_of_track", time=TICKS))
    mid.save(path)
    return mido.tempo2bpm(tempo)


def render(mid_path, wav_path, seconds, midi_seconds, max_tail=15):
    """fluidsynth -> raw float stereo at RATE -> mono, peak held under -0.5 dBFS, cut to
    `seconds` with a 0.5 s fade, written as 16-bit PCM. The rendered length is checked against the
    MIDI's (a wrong sample rate would stretch it); `max_tail=None` skips the upper bound, for files
    that leave notes sounding after their last event."""
    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, "stereo.f32")
        subprocess.run(["fluidsynth", "-ni", "-F", raw, "-T", "raw", "-O", "float", "-E", "little",
                        "-r", str(RATE), "-g", "0.6", SOUNDFONT, str(mid_path)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        pcm = np.fromfile(raw, dtype="<f4").astype(np.float64).reshape(-1, 2)
    rendered = len(pcm) / RATE
    if rendered < midi_seconds - 0.5 or (max_tail is not None and rendered > midi_seconds + max_tail):
        raise RuntimeError(f"fluidsynth rendered {rendered:.1f} s for {midi_seconds:.1f} s of MIDI: "
                           f"sample rate not {RATE}?")
    mono = pcm.mean(axis=1) * 32767
    n = min(len(mono), int(round(seconds * RATE)))
    mono = mono[:n]
    fade = min(n, RATE // 2)
    mono[n - fade:] *= np.linspace(1.0, 0.0, fade)
    peak = np.max(np.abs(mono)) if n else 0.0
    if peak > 0.944 * 32767:            # -0.5 dBFS: scale down rather than clip
        mono *= 0.944 * 32767 / peak
    out = np.clip(np.round(mono), -32768, 32767).astype("<i2")
    with wave.open(str(wav_path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(out.tobytes())
    rms = float(np.sqrt(np.mean(np.square(out / 32768.0)))) if n else 0.0
    peak = float(np.max(np.abs(out)) / 32768.0) if n else 0.0
    return n / RATE, rms, peak


def make_one(index, style, bpm, outdir, seconds, seed):
    rng = random.Random(f"song-{seed}-{index}")
    started = time.perf_counter()
    song = compose(style, bpm, seconds, rng)
    name = f"{index:03d}_{style}"
    mid_path = outdir / "midi" / f"{name}.mid"
    label = write_midi(song, mid_path)
    wav_path = outdir / f"{name}.wav"
    duration, rms, peak = render(mid_path, wav_path, seconds, mido.MidiFile(mid_path).length)
    if rms < 10 ** (-45 / 20):
        raise RuntimeError(f"{wav_path} is nearly silent (RMS {20 * math.log10(rms + 1e-12):.1f} dBFS)")
    entry = {"file": wav_path.name, "bpm": round(label, 3), "style": style, "seconds": round(duration, 3)}
    info = {"variant": song.variant, "programs": song.programs,
            "intro_seconds": round(getattr(song, "intro_seconds", 0.0), 2),
            "rms_dbfs": round(20 * math.log10(rms), 1), "peak": round(peak, 3),
            "took": time.perf_counter() - started}
    return entry, info


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)

    for tool, hint in (("fluidsynth", "apt-get install fluidsynth"),):
        if not shutil.which(tool):
            sys.exit(f"make_songs: {tool} not found ({hint})")
    if not os.path.exists(SOUNDFONT):
        sys.exit(f"make_songs: {SOUNDFONT} not found (apt-get install fluid-soundfont-gm)")

    outdir = args.outdir
    (outdir / "midi").mkdir(parents=True, exist_ok=True)
    manifest_path = outdir / "manifest.json"
    if manifest_path.exists():
        manifest_path.unlink()          # never leave a manifest describing other WAVs

    songs = plan(args.count, args.seed)
    started = time.perf_counter()
    entries = [None] * len(songs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(make_one, i, style, bpm, outdir, args.seconds, args.seed): i
                   for i, (style, bpm) in enumerate(songs)}
        done = 0
        for future in concurrent.futures.as_completed(futures):
            i = futures[future]
            entry, info = future.result()
            entries[i] = entry
            done += 1
            variant = f" ({info['variant']})" if info["variant"] else ""
            intro = f" intro {info['intro_seconds']} s" if info["intro_seconds"] else ""
            print(f"[{done:3d}/{len(songs)}] {entry['file']:<26} {entry['bpm']:7.2f} BPM "
                  f"{entry['seconds']:6.1f} s  RMS {info['rms_dbfs']:6.1f} dBFS peak {info['peak']:.2f}"
                  f"{intro}{variant}  ({info['took']:.1f} s)", flush=True)

    tmp = manifest_path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(entries, indent=1) + "\n")
    os.replace(tmp, manifest_path)
    elapsed = time.perf_counter() - started
    bpms = sorted(e["bpm"] for e in entries)
    print(f"wrote {len(entries)} songs and {manifest_path} in {elapsed:.1f} s; "
          f"tempos {bpms[0]:.1f}-{bpms[-1]:.1f} BPM")
    hist = [sum(1 for b in bpms if lo <= b < lo + 20 or (lo == 180 and b == 200)) for lo in range(60, 200, 20)]
    print("per 20 BPM from 60: " + " ".join(str(h) for h in hist))


if __name__ == "__main__":
    main()
