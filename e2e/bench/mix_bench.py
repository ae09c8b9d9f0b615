"""The rendered mix, measured (issue 21): render time of a long mix, the tempo it carries, its crossfades, its loudness.

    python e2e/bench/mix_bench.py SONGSDIR [--minutes 60] [--cadence BIN]

SONGSDIR holds songs with a manifest.json (e2e/corpus/make_songs.py, e.g. --count 20 --seconds 200). A real
`cadence serve` (own data folder) gets the songs, a plan of `--minutes` minutes (warm-up, 6 × (4 min at zone 4 +
3 min at zone 2), cool-down, scaled), a playlist with repeats allowed, and its mix; then:

- render time: from the request to `done`, and its ratio to the mix's length (real time);
- tempo: every 10-second window of the mix (away from fades) through `cadence tempo analyse`, against the tempo the
  mix says it carries there (its part's tempo map, `parts[].tempo`) and against the plan's target there (the
  playlist's `curve`, where the song's stretch budget reaches it): the share within 1 %, and the worst;
- crossfades: where each song's beats fall in the mix (its beats from `GET …/songs/{id}/beats`, moved through the
  part's tempo map) — the largest gap between an outgoing and an incoming beat inside each fade, from the incoming
  song's first beat on (before it the incoming song is silent or has no beat);
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
            curve = playlist["curve"]
            budget = playlist["playlist"]["options"]["stretchBudget"]

            def plan_cadence(t):
                for a, b in zip(curve, curve[1:]):
                    if a["seconds"] <= t <= b["seconds"]:
                        f = (t - a["seconds"]) / max(1e-9, b["seconds"] - a["seconds"])
                        return a["cadence"] + f * (b["cadence"] - a["cadence"])
                return curve[-1]["cadence"]

            def rate_at(part, t):
                points = part.get("tempo") or [{"at": part["mixStart"], "rate": part["rate"]}]
                return [p for p in points if p["at"] <= t][-1]["rate"] if points[0]["at"] <= t else points[0]["rate"]

            per_beat = {"halfTime": 2, "doubleTime": 0.5}
            # Tempo, window by window, away from fades.
            within, worst, count = 0, 0.0, 0
            plan_within, plan_count, plan_worst = 0, 0, 0.0
            for index, part in enumerate(parts):
                fade_in = parts[index - 1]["mixEnd"] - part["mixStart"] if index else 0
                fade_out = part["mixEnd"] - parts[index + 1]["mixStart"] if index + 1 < len(parts) else 3
                t = part["mixStart"] + fade_in + 1
                while t + 10 <= part["mixEnd"] - fade_out:
                    window = Path(tmp) / "w.wav"
                    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-ss", str(t), "-t", "10", "-i", str(path),
                                    "-ac", "1", "-ar", "22050", str(window)], check=True)
                    heard = json.loads(subprocess.run([args.cadence, "tempo", "analyse", str(window), "--json"], capture_output=True,
                                                      text=True, check=True).stdout)["bpm"]
                    rate = sum(rate_at(part, t + k + 0.5) for k in range(10)) / 10
                    wanted = part["songBPM"] * rate
                    error = min(abs(heard / (wanted * f) - 1) for f in (1, 2, 0.5))
                    within += error <= 0.01
                    worst = max(worst, error)
                    count += 1
                    # Against the plan, where the song's budget can reach the plan's cadence.
                    target = sum(plan_cadence(t + k + 0.5) for k in range(10)) / 10
                    carried = part["songBPM"] * per_beat.get(part["beat"], 1)
                    if abs(target / carried - 1) <= budget:
                        heard_cadence = heard * per_beat.get(part["beat"], 1)
                        plan_error = min(abs(heard_cadence / (target * f) - 1) for f in (1, 2, 0.5))
                        plan_within += plan_error <= 0.01
                        plan_worst = max(plan_worst, plan_error)
                        plan_count += 1
                    t += 10
            print(f"tempo: {within}/{count} ten-second windows within 1 % of the part's tempo ({100 * within / max(1, count):.1f} %), "
                  f"worst {100 * worst:.2f} % (octave readings of the estimator counted as the same tempo)")
            print(f"tempo against the plan: {plan_within}/{plan_count} windows within 1 % of the plan's cadence "
                  f"({100 * plan_within / max(1, plan_count):.1f} %), worst {100 * plan_worst:.2f} % (windows the song's budget reaches)")
            # Crossfades: beats of both songs mapped into the mix.
            gaps = []
            for before, part in zip(parts, parts[1:]):
                if part.get("alignedAt") is None:
                    continue
                def in_mix(p):
                    beats = request(base, "GET", f"/api/v1/tempo/songs/{p['songId'].lower()}/beats", token)["beats"]
                    points = p.get("tempo") or [{"at": p["mixStart"], "source": p["sourceStart"], "rate": p["rate"]}]
                    def mix_time(source):
                        point = [q for q in points if q["source"] <= source][-1] if points[0]["source"] <= source else points[0]
                        return point["at"] + (source - point["source"]) / point["rate"]
                    return [mix_time(b / 1000) for b in beats]
                out_mix, in_mix = in_mix(before), in_mix(part)
                # From the incoming song's first beat to the outgoing song's last (a fade may run on into silence).
                lo = max(part["mixStart"], min(in_mix, default=part["mixStart"]))
                hi = min(before["mixEnd"], max(out_mix, default=before["mixEnd"]))
                # A half-time song has a beat every other step: its beats must each meet one of the other song's, so
                # the sparser grid inside the fade is checked against the denser one.
                inside_out = [b for b in out_mix if lo <= b <= hi]
                inside_in = [b for b in in_mix if lo <= b <= hi]
                # Which grid is sparser: by the songs' beat periods in the mix (counts inside a short fade can tie).
                def period(times):
                    steps = sorted(b - a for a, b in zip(times, times[1:]))
                    return steps[len(steps) // 2] if steps else 0
                sparse, dense = (inside_out, in_mix) if period(out_mix) >= period(in_mix) else (inside_in, out_mix)
                worst_gap = max((min(abs(b - c) for c in dense) for b in sparse), default=0)
                gaps.append(worst_gap * 1000)
                if worst_gap > 0.02:
                    print(f"  fade at {part['alignedAt']:.1f} s: beats {1000 * worst_gap:.0f} ms apart; tempo-matched: "
                          f"{part.get('tempoMatched')}; periods {1000 * period(out_mix):.0f} / {1000 * period(in_mix):.0f} ms")
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
