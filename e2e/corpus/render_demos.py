"""A second tempo corpus of music nobody here wrote: the demo projects that ship with Debian's
LMMS (lmms-common) and Hydrogen (hydrogen), rendered to WAV by the programs themselves.

    apt-get install lmms lmms-common hydrogen
    python e2e/corpus/render_demos.py OUTDIR
    cadence bench tempo --corpus OUTDIR

The label is the tempo saved in each project (LMMS `<head bpm=…>`, Hydrogen `<bpm>`): what its
author wrote, which is not always what a listener taps (a reggae project saved at 180 feels like
90), so Acc2 matters as much as Acc1 here. Projects whose tempo automation changes the tempo are left
out, since one label could not be right for the whole song. Writes OUTDIR/manifest.json like make_songs.py.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import zlib
from pathlib import Path

LMMS_PROJECTS = Path("/usr/share/lmms/projects")
HYDROGEN_SONGS = Path("/usr/share/hydrogen/data/demo_songs")


def lmms_xml(path):
    raw = path.read_bytes()
    # .mmpz is Qt's qCompress: a 4-byte big-endian length, then zlib.
    return zlib.decompress(raw[4:]).decode("utf-8", "replace") if path.suffix == ".mmpz" else raw.decode("utf-8", "replace")


def tempo_changes(xml):
    """True when a Tempo automation pattern holds more than one value (many projects carry one with a
    single point, which changes nothing the renders show)."""
    for pattern in re.finditer(r'<automationpattern[^>]*name="Tempo"[^>]*>(.*?)</automationpattern>', xml, re.S):
        if len(set(re.findall(r'<time[^>]*value="([\d.]+)"', pattern.group(1)))) > 1:
            return True
    return False


def lmms_songs():
    for path in sorted(LMMS_PROJECTS.rglob("*.mmp*")):
        xml = lmms_xml(path)
        bpm = re.search(r'<head[^>]*\bbpm="([\d.]+)"', xml)
        if bpm and not tempo_changes(xml):
            yield path, float(bpm.group(1)), "lmms"


def hydrogen_songs():
    for path in sorted(HYDROGEN_SONGS.glob("*.h2song")):
        bpm = re.search(r"<bpm>([\d.]+)</bpm>", path.read_text(errors="replace"))
        if bpm:
            yield path, float(bpm.group(1)), "hydrogen"


def render(path, kind, wav):
    if kind == "lmms":
        command = ["lmms", "--allowroot", "render", str(path), "-f", "wav", "-o", str(wav)]
    else:
        command = ["h2cli", "-s", str(path), "-o", str(wav)]
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(command, env=environment, capture_output=True, timeout=900)
    return wav.exists() and wav.stat().st_size > 44


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir", type=Path)
    args = parser.parse_args()
    missing = [tool for tool, folder in (("lmms", LMMS_PROJECTS), ("h2cli", HYDROGEN_SONGS)) if not folder.exists()]
    if missing:
        sys.exit(f"install Debian's lmms, lmms-common and hydrogen first (missing: {', '.join(missing)})")
    args.outdir.mkdir(parents=True, exist_ok=True)
    manifest = []
    for path, bpm, kind in [*lmms_songs(), *hydrogen_songs()]:
        name = re.sub(r"[^A-Za-z0-9_-]+", "_", path.stem)
        wav = args.outdir / f"{kind}_{name}.wav"
        if wav.exists() or render(path, kind, wav):
            manifest.append({"file": wav.name, "bpm": bpm, "style": kind, "source": str(path)})
            print(f"{wav.name:50s} {bpm:6.1f} BPM", flush=True)
        else:
            print(f"{path}: could not be rendered, left out", file=sys.stderr)
    (args.outdir / "manifest.json").write_text(json.dumps(manifest, indent=1))


if __name__ == "__main__":
    main()
