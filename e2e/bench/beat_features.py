"""Which onset function puts the beat tracker on the beat? A research probe for issue 41's beats (not run by CI).

    python e2e/bench/beat_features.py CORPUSDIR [CORPUSDIR ...] --cadence .build/release/cadence

Cadence loses to Essentia on the rendered soundtracks mostly by phase: at the right tempo it sits on the off-beat
for whole sections. This holds the tempo fixed (Cadence's, from `cadence tempo analyse --json`) and runs the same
dynamic-programming tracker (librosa's `beat_track`, the method Cadence's `BeatTracker` follows) on several onset
functions of the same audio, each detrended and smoothed as Cadence's envelope is:

  mel        log-mel (dB) spectral flux averaged over 40 bands: what Cadence's tempo uses (and its beats did)
  energy     flux of the frame's total power in dB
  linmel     flux of linear mel power (the loud, low notes weigh most)
  lowmel     the log-mel flux of the lowest 12 bands (up to about 500 Hz)
  superflux  librosa's onset strength with lag 2 and a 3-band maximum filter (Böck's SuperFlux)
  change     the L1 distance between consecutive linear magnitude spectra, rises and falls alike (Essentia's
             "flux" onset function): what Cadence's beats follow since this probe found it

and sums of them. It prints each one's mean F-measure (mir_eval, ±70 ms, against the MIDI's quarter notes), three
ways of choosing among the single functions per file (most agreement with the others, as Essentia's multifeature
does; the strongest onsets at the beats, summed over the functions; the most contrast between beats and the
points midway between them) and the best single function per file (the oracle, what a perfect chooser would get).
2026-12-05, the 83 soundtracks: mel 0.635, the best sum (mel+linmel+lowmel) 0.650, the choosers 0.640 / 0.637 /
0.614; change 0.682 (the generated corpus: mel 0.903, change 0.965). Cadence's beats follow the change since.
"""
import argparse
import json
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import librosa
import mir_eval
import numpy as np

from beats_compare import midi_of, quarter_notes

SR, HOP, FRAME = 22_050, 256, 1024
SINGLE = ["mel", "energy", "linmel", "lowmel", "superflux", "change"]
SUMS = [("mel", "linmel"), ("mel", "energy"), ("mel", "lowmel"), ("mel", "superflux"), ("linmel", "lowmel"),
        ("mel", "linmel", "lowmel"), tuple(SINGLE)]


def detrended(values, fps):
    """The local mean over about a second removed, and what falls below it dropped (as Cadence's envelope)."""
    half = int(round(0.5 * fps))
    sums = np.concatenate([[0], np.cumsum(values)])
    index = np.arange(len(values))
    start, end = np.maximum(0, index - half), np.minimum(len(values), index + half + 1)
    return np.maximum(0, values - (sums[end] - sums[start]) / (end - start))


def smoothed(values, fps):
    """A Hann window of about 70 ms, as `TempoEstimator.smooth`."""
    width = max(3, int(round(0.07 * fps)) | 1)
    window = np.hanning(width + 2)[1:-1]
    return np.convolve(values, window / window.sum(), mode="same")


def onset_functions(samples):
    power = librosa.feature.melspectrogram(y=samples, sr=SR, n_fft=FRAME, hop_length=HOP, n_mels=40, fmin=30,
                                           fmax=11_025, power=2.0, center=False)
    db = 10 * np.log10(np.maximum(power, power.max() * 1e-8))
    flux = np.maximum(0, np.diff(db, axis=1, prepend=db[:, :1]))
    total = 10 * np.log10(np.maximum(power.sum(0), power.sum(0).max() * 1e-8))
    linear = np.maximum(0, np.diff(power, axis=1, prepend=power[:, :1])).sum(0)
    magnitude = np.abs(librosa.stft(samples, n_fft=FRAME, hop_length=HOP, center=False, window="hann"))
    return {
        "mel": flux.mean(0),
        "energy": np.maximum(0, np.diff(total, prepend=total[:1])),
        "linmel": linear / (linear.std() + 1e-12),
        "lowmel": flux[:12].mean(0),
        "superflux": librosa.onset.onset_strength(S=db, lag=2, max_size=3, sr=SR, hop_length=HOP,
                                                  center=False)[:db.shape[1]],
        "change": np.abs(np.diff(magnitude, axis=1, prepend=magnitude[:, :1])).sum(0)[:db.shape[1]],
    }


def f_measure(reference, found):
    return mir_eval.beat.f_measure(mir_eval.beat.trim_beats(np.asarray(reference)), mir_eval.beat.trim_beats(np.asarray(found)))


def one(job):
    corpus, entry, cadence = job
    wav = corpus / entry["file"]
    samples, _ = librosa.load(str(wav), sr=SR, mono=True)
    reference = quarter_notes(midi_of(corpus, entry), len(samples) / SR - 0.5)
    bpm = json.loads(subprocess.run([cadence, "tempo", "analyse", str(wav), "--json"], capture_output=True, text=True,
                                    check=True).stdout)["bpm"]
    fps, latency = SR / HOP, FRAME * 0.8 / SR
    envelopes = {}
    for name, values in onset_functions(samples).items():
        envelope = smoothed(detrended(values, fps), fps)
        envelopes[name] = envelope / (envelope.std() + 1e-12)
    for names in SUMS:
        envelopes["+".join(names)] = sum(envelopes[name] for name in names)
    beats = {}
    for name, envelope in envelopes.items():
        _, frames = librosa.beat.beat_track(onset_envelope=envelope, sr=SR, hop_length=HOP, bpm=bpm, trim=True)
        beats[name] = frames * HOP / SR + latency
    scores = {name: f_measure(reference, times) for name, times in beats.items()}

    def strongest_near(envelope, times):
        frames = np.clip(np.round((np.asarray(times) - latency) * fps).astype(int), 0, len(envelope) - 1)
        return np.array([envelope[max(0, i - 2):i + 3].max() for i in frames])

    agreement, strength, contrast = {}, {}, {}
    for name in SINGLE:
        times = beats[name]
        agreement[name] = np.mean([f_measure(beats[other], times) for other in SINGLE if other != name])
        if len(times) < 4:
            strength[name] = contrast[name] = -1
            continue
        midway = (times[1:] + times[:-1]) / 2
        strength[name] = np.mean([strongest_near(envelopes[other], times).mean() for other in SINGLE])
        contrast[name] = np.mean([strongest_near(envelopes[other], times).mean()
                                  - strongest_near(envelopes[other], midway).mean() for other in SINGLE])
    chosen = {way: scores[max(SINGLE, key=lambda name: (measure[name], name == "mel"))]
              for way, measure in (("agreement", agreement), ("strength", strength), ("contrast", contrast))}
    chosen["oracle"] = max(scores[name] for name in SINGLE)
    return corpus.name, entry["file"], scores, chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="+", type=Path)
    parser.add_argument("--cadence", required=True, help="the cadence executable (for the tempo)")
    args = parser.parse_args()
    jobs = [(corpus, entry, args.cadence) for corpus in args.corpora
            for entry in json.loads((corpus / "manifest.json").read_text())]
    with ThreadPoolExecutor(2) as pool:
        rows = list(pool.map(one, jobs))
    for corpus in sorted({row[0] for row in rows}):
        part = [row for row in rows if row[0] == corpus]
        print(f"{corpus} ({len(part)} files)")
        for name in part[0][2]:
            print(f"  {name:24} {np.mean([row[2][name] for row in part]):.3f}")
        for way in part[0][3]:
            print(f"  chosen by {way:14} {np.mean([row[3][way] for row in part]):.3f}")


if __name__ == "__main__":
    main()
