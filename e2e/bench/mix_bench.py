"""The rendered mix, measured (issue 21): render time of a long mix, the tempo it carries, its crossfades, its loudness.

    python e2e/bench/mix_bench.py SONGSDIR [--minutes 60] [--cadence BIN]

SONGSDIR holds songs with a manifest.json (e2e/corpus/make_songs.py, e.g. --count 20 --seconds 200). A real
`cadence serve` (own data folder) gets the songs, a plan of `--minutes` minutes (warm-up, 6 × (4 min at zone 4 +
3 min at zone 2), cool-down, scaled), a playlist with repeats allowed, and its mix; then:

- render time: from the request to `done`, and its ratio to the mix's length (real time);
- tempo: every 10-second window of the mix (away from fades) through `cadence tempo analyse`, against the tempo the
  mix says it carries there (`parts[].playedBPM`, the plan's target): the share within 1 %, and the worst;
- crossfades: where each song's beats fall in the mix (its beats from `GET …/songs/{id}/beats`, moved by the part's
  cut and rate) — the largest gap between an outgoing and an incoming beat inside each fade;
- loudness: each song's integrated loudness inside the mix (ffmpeg ebur128 on its part, fades left out) against the
  −14 LUFS target.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import CadenceServer, api, unique_email  # noqa: E402


def request(base, method, path, token, body=None, raw=None, headers=None):
    import urllib.request
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Authorization": f"Bearer {token}", **({"Content-Type": "application/json"} if body is not None else {}),
                                          **(headers or {})})
    with urllib.request.urlopen(req, timeout=600) as response:
        payload = response.read()
        return json.loads(payload) if response.headers.get("Content-Type", "").startswith("application/json") else payload


def loudness(path, start, end):
    out = subprocess.run(["ffmpeg", "-hide_banner", "-nostats", "-ss", str(start), "-to", str(end), "-i", str(path),
                          "-af", "ebur128=framelog=verbose", "-f", "null", "-"], capture_output=True, text=True).stderr
    values = [line.split()[1] for line in out.splitlines() if line.strip().startswith("I:") and line.strip().endswith("LUFS")]
    return float(values[-1]) if values else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("songs", type=Path)
    ap.add_argument("--minutes", type=float, default=60)
    ap.add_argument("--cadence", default=os.environ.get("CADENCE_BIN", ".build/release/cadence"))
    args = ap.parse_args()
    os.environ["CADENCE_BIN"] = str(Path(args.cadence).resolve())
    manifest = json.loads((args.songs / "manifest.json").read_text())
    server = CadenceServer(log_name="bench-mix.log")
    server.start()
    try:
        base = server.base
        email = unique_email("mixbench")
        assert api(base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Bench", "password": "bench password 1"})[0] == 201
        token = api(base, "POST", "/api/v1/auth/login", {"email": email, "password": "bench password 1"})[1]["token"]
        for entry in manifest:
            request(base, "POST", f"/api/v1/tempo/songs?filename={entry['file']}", token, raw=(args.songs / entry["file"]).read_bytes())
        while any(s["analysis"] in ("pending", "running") for s in request(base, "GET", "/api/v1/tempo/songs", token)):
            time.sleep(1)
        scale = args.minutes / 60
        minutes = lambda m: {"seconds": round(60 * m * scale)}
        plan = {"name": "Bench", "activity": "running", "steps": [
            {"interval": {"name": "Warm-up", "length": minutes(8), "target": {"zone": 2}}},
            {"repeat": {"count": 6, "steps": [
                {"interval": {"name": "Hard", "length": minutes(4), "target": {"zone": 4}}},
                {"interval": {"name": "Easy", "length": minutes(3), "target": {"zone": 2}}}]}},
            {"interval": {"name": "Cool-down", "length": minutes(10), "target": {"zone": 1}}}]}
        plan_id = request(base, "POST", "/api/v1/tempo/plans", token, plan)["plan"]["id"]
        playlist = request(base, "POST", f"/api/v1/tempo/plans/{plan_id}/playlists", token, {"options": {"allowRepeats": True}})
        playlist_id = playlist["id"]
        started = time.perf_counter()
        request(base, "POST", f"/api/v1/tempo/playlists/{playlist_id}/mix", token)
        while True:
            mix = request(base, "GET", f"/api/v1/tempo/playlists/{playlist_id}/mix", token)
            if mix["state"] in ("done", "failed") and not mix.get("stale"):
                break
            time.sleep(0.5)
        took = time.perf_counter() - started
        assert mix["state"] == "done", mix
        duration = mix["durationSeconds"]
        parts = mix["parts"]
        print(f"mix of {duration / 60:.1f} min, {len(parts)} songs: rendered in {took:.1f} s "
              f"({duration / took:.1f}× real time; goal ≤ 120 s for 60 min) on {os.cpu_count()} cores")

        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "mix.m4a"
            path.write_bytes(request(base, "GET", f"/api/v1/tempo/playlists/{playlist_id}/mix.m4a", token))
            # Tempo, window by window, away from fades.
            within, worst, count = 0, 0.0, 0
            for index, part in enumerate(parts):
                fade_in = 4 if index else 0
                fade_out = 4
                t = part["mixStart"] + fade_in
                while t + 10 <= part["mixEnd"] - fade_out:
                    window = Path(tmp) / "w.wav"
                    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-ss", str(t), "-t", "10", "-i", str(path),
                                    "-ac", "1", "-ar", "22050", str(window)], check=True)
                    heard = json.loads(subprocess.run([args.cadence, "tempo", "analyse", str(window), "--json"], capture_output=True,
                                                      text=True, check=True).stdout)["bpm"]
                    wanted = part["playedBPM"] / {"halfTime": 2, "doubleTime": 0.5}.get(part["beat"], 1)
                    error = min(abs(heard / (wanted * f) - 1) for f in (1, 2, 0.5))
                    within += error <= 0.01
                    worst = max(worst, error)
                    count += 1
                    t += 10
            print(f"tempo: {within}/{count} ten-second windows within 1 % of the part's tempo ({100 * within / max(1, count):.1f} %), "
                  f"worst {100 * worst:.2f} % (octave readings of the estimator counted as the same tempo)")
            # Crossfades: beats of both songs mapped into the mix.
            gaps = []
            for before, part in zip(parts, parts[1:]):
                if part.get("alignedAt") is None:
                    continue
                def in_mix(p):
                    beats = request(base, "GET", f"/api/v1/tempo/songs/{p['songId'].lower()}/beats", token)["beats"]
                    return [p["mixStart"] + (b / 1000 - p["sourceStart"]) / p["rate"] for b in beats]
                out_mix, in_mix = in_mix(before), in_mix(part)
                lo, hi = part["mixStart"], before["mixEnd"]
                # A half-time song has a beat every other step: its beats must each meet one of the other song's, so
                # the sparser grid inside the fade is checked against the denser one.
                inside_out = [b for b in out_mix if lo <= b <= hi]
                inside_in = [b for b in in_mix if lo <= b <= hi]
                sparse, dense = (inside_out, in_mix) if len(inside_out) <= len(inside_in) else (inside_in, out_mix)
                worst_gap = max((min(abs(b - c) for c in dense) for b in sparse), default=0)
                gaps.append(worst_gap * 1000)
            if gaps:
                print(f"crossfades: {len(gaps)} aligned; beats apart inside a fade: median {sorted(gaps)[len(gaps) // 2]:.1f} ms, "
                      f"worst {max(gaps):.1f} ms (goal ≤ 20 ms)")
            # Loudness per song, fades left out.
            errors = []
            for index, part in enumerate(parts):
                start, end = part["mixStart"] + (6 if index else 0), part["mixEnd"] - 6
                if end - start >= 10:
                    value = loudness(path, start, end)
                    if value is not None:
                        errors.append(value + 14)
            if errors:
                print(f"loudness: {sum(abs(e) <= 1 for e in errors)}/{len(errors)} songs within ±1 LU of −14 LUFS; "
                      f"range {min(errors):+.1f} to {max(errors):+.1f} LU")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
