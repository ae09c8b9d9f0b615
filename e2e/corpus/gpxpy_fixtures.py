"""The run-import fixtures taken from gpxpy's test files, the ones derived from them, and the
distances gpxpy computes for each (Tests/TempoTests/Files/Fixtures/gpxpy/expected.json).

    pip download --no-binary :all: --no-deps gpxpy==1.6.2      # the sdist ships test_files/
    tar xzf gpxpy-1.6.2.tar.gz
    python e2e/corpus/gpxpy_fixtures.py Tests/TempoTests/Files/Fixtures/gpxpy --sdist gpxpy-1.6.2

gpxpy (Apache-2.0, Tomo Krajina) is imported from the unpacked sdist, so the figures are those
of that exact version. Without `--sdist` the installed gpxpy recomputes the figures of the
fixtures already there and the script fails when expected.json disagrees
(e2e/cli/test_gpxpy_figures.py runs it with the gpxpy pinned in e2e/requirements.txt).

Figures per file: `length3d` is gpxpy's `GPX.length_3d()` (each segment on its own, never a line
between segments or tracks); `length3dTimed` is the same over the points that have a time (what
a run can keep: a trackpoint without a time is left out and counted); `segments` counts the
segments with a timed point. The TCX fixture has the
segments of cerknicko-jezero.gpx as Tracks; its figures are that GPX file's.
"""
import argparse
import datetime
import json
import re
import shutil
import sys
from pathlib import Path

TAKEN = {
    "cerknicko-jezero.gpx": "8 tracks (7 with points) 2-15 minutes apart, no activity (GPSBabel, GPX 1.0)",
    "around-visnjan-with-car.gpx": "a drive without an activity, up to 26 m/s (Garmin eTrex 20x)",
    "first_and_last_elevation.gpx": "196 km in 10 points, no activity; the last point is stamped an hour back",
    "cerknicko-jezero-without-elevations.gpx": "one trackpoint (line 982) without a time",
    "korita-zbevnica.gpx": "a whole track of 358 points without times beside two timed tracks",
    "Mojstrovka.gpx": "every point stamped 1901-12-13T20:45:52.207Z (a clock at the 32-bit minimum)",
}
DERIVED = {
    "cerknicko-jezero-segments.gpx": "cerknicko-jezero.gpx with its tracks as segments of one track",
    "cerknicko-jezero-1901.gpx": "cerknicko-jezero.gpx with every time moved back to start at 1901-12-13T20:45:52Z (a reset clock that ticks on)",
    "cerknicko-jezero-tracks.tcx": "cerknicko-jezero.gpx as TCX, Sport=Other: one Track per segment; the second Lap starts inside the third segment",
}


def derive_segments(text):
    # Track boundaries become segment boundaries: </trkseg></trk><trk><name/><number/><trkseg>.
    return re.sub(r"</trkseg>\s*</trk>\s*<trk>\s*<name>[^<]*</name>\s*(<number>\d+</number>\s*)?<trkseg>", "</trkseg>\n<trkseg>", text)


def derive_1901(text):
    times = re.findall(r"<time>([^<]+)</time>", text)
    first_point = re.search(r"<trkpt[^>]*>\s*<ele>[^<]*</ele>\s*<time>([^<]+)</time>", text).group(1)
    shift = parse_time(first_point) - datetime.datetime(1901, 12, 13, 20, 45, 52, tzinfo=datetime.timezone.utc)
    assert times
    return re.sub(r"<time>([^<]+)</time>", lambda m: f"<time>{(parse_time(m.group(1)) - shift).strftime('%Y-%m-%dT%H:%M:%SZ')}</time>", text)


def parse_time(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)


def derive_tcx(gpx):
    segments = [s.points for t in gpx.tracks for s in t.segments if s.points]
    # Lap 2 starts halfway through segment 3: a lap boundary is not a pause.
    split = len(segments[2]) // 2
    laps = [segments[:2] + [segments[2][:split]], [segments[2][split:]] + segments[3:]]
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">',
           ' <Activities>', '  <Activity Sport="Other">', f'   <Id>{iso(segments[0][0].time)}</Id>']
    for tracks in laps:
        points = [p for track in tracks for p in track]
        seconds = (points[-1].time - points[0].time).total_seconds()
        out += [f'   <Lap StartTime="{iso(points[0].time)}">', f"    <TotalTimeSeconds>{seconds:.0f}</TotalTimeSeconds>",
                "    <DistanceMeters>0</DistanceMeters>", "    <Calories>0</Calories>", "    <Intensity>Active</Intensity>",
                "    <TriggerMethod>Manual</TriggerMethod>"]
        for track in tracks:
            out.append("    <Track>")
            for p in track:
                out.append(f"     <Trackpoint><Time>{iso(p.time)}</Time><Position><LatitudeDegrees>{p.latitude:.9f}</LatitudeDegrees>"
                           f"<LongitudeDegrees>{p.longitude:.9f}</LongitudeDegrees></Position><AltitudeMeters>{p.elevation:.6f}</AltitudeMeters></Trackpoint>")
            out.append("    </Track>")
        out.append("   </Lap>")
    out += ["  </Activity>", " </Activities>", "</TrainingCenterDatabase>", ""]
    return "\n".join(out)


def iso(time):
    return time.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def figures(gpxpy, path):
    with open(path, encoding="utf-8-sig") as f:
        gpx = gpxpy.parse(f)
    segments = [s for t in gpx.tracks for s in t.segments if s.points]
    points = [p for s in segments for p in s.points]
    timed = 0.0
    for s in segments:
        kept = s.clone()
        kept.points = [p for p in s.points if p.time is not None]
        timed += kept.length_3d()
    return {"length3d": round(gpx.length_3d(), 3), "length3dTimed": round(timed, 3), "points": len(points),
            "timedPoints": sum(1 for p in points if p.time is not None),
            "segments": sum(1 for s in segments if any(p.time is not None for p in s.points))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="Tests/TempoTests/Files/Fixtures/gpxpy")
    parser.add_argument("--sdist", type=Path, help="the unpacked gpxpy sdist (gpxpy-1.6.2/): copy, derive and record; "
                        "without it, only check expected.json against the installed gpxpy")
    args = parser.parse_args()
    args.check = args.sdist is None
    if not args.check:
        sys.path.insert(0, str(args.sdist))
    import gpxpy

    if not args.check:
        args.out.mkdir(parents=True, exist_ok=True)
        for name in TAKEN:
            shutil.copyfile(args.sdist / "test_files" / name, args.out / name)
        for name in ("LICENSE.txt", "NOTICE.txt"):  # Apache-2.0 §4: the licence and NOTICE travel with the files
            shutil.copyfile(args.sdist / name, args.out / f"gpxpy-{name}")
        source = (args.sdist / "test_files" / "cerknicko-jezero.gpx").read_text(encoding="utf-8")
        (args.out / "cerknicko-jezero-segments.gpx").write_text(derive_segments(source), encoding="utf-8")
        (args.out / "cerknicko-jezero-1901.gpx").write_text(derive_1901(source), encoding="utf-8")
        (args.out / "cerknicko-jezero-tracks.tcx").write_text(derive_tcx(gpxpy.parse(source)), encoding="utf-8")

    files = {}
    for name, what in {**TAKEN, **DERIVED}.items():
        gpx_name = "cerknicko-jezero.gpx" if name.endswith(".tcx") else name
        files[name] = {"what": what, **figures(gpxpy, args.out / gpx_name)}
    expected = {"computedWith": f"gpxpy {gpxpy.__version__}",
                "how": "python e2e/corpus/gpxpy_fixtures.py <this folder> --sdist <unpacked gpxpy sdist>", "files": files}
    target = args.out / "expected.json"
    if args.check:
        recorded = json.loads(target.read_text())["files"]
        wrong = {name: (recorded.get(name), now) for name, now in files.items()
                 if recorded.get(name, {}).get("length3d") != now["length3d"] or recorded[name].get("length3dTimed") != now["length3dTimed"]}
        if wrong:
            sys.exit(f"expected.json disagrees with gpxpy: {json.dumps(wrong, indent=1)}")
        print(f"{len(files)} figures agree with gpxpy")
        return
    target.write_text(json.dumps(expected, indent=1) + "\n")
    print(json.dumps(files, indent=1))


if __name__ == "__main__":
    main()
