"""`cadence tempo analyse` on songs rendered from MIDI at known tempos, as a DJ or runner would use it."""
import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from cli.test_cli import cadence

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "make_songs.py"


@pytest.fixture(scope="module")
def songs(tmp_path_factory):
    """One song of each of the corpus's eight styles (30 s each; a seed no tuning run used)."""
    if not shutil.which("fluidsynth") or not Path("/usr/share/sounds/sf2/FluidR3_GM.sf2").exists():
        pytest.fail("the song corpus needs Debian fluidsynth and fluid-soundfont-gm")
    folder = tmp_path_factory.mktemp("tempo-corpus")
    result = subprocess.run([sys.executable, str(CORPUS), str(folder), "--count", "8", "--seconds", "30", "--seed", "11"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((folder / "manifest.json").read_text())
    assert len({song["style"] for song in manifest}) == 8
    return [(folder / song["file"], song["bpm"], song["style"]) for song in manifest]


def within(value, target, tolerance=0.04):
    return abs(value / target - 1) <= tolerance


def test_analyse_json_offers_the_written_tempo_of_each_style(songs):
    """The written pulse is the estimate or one of the alternatives (so the library's half/double buttons
    fix an octave error in one tap). How often it is the estimate itself is the Swift corpus test's and
    the benchmark's business."""
    for path, bpm, style in songs:
        result = cadence("tempo", "analyse", str(path), "--json")
        assert result.returncode == 0, result.stderr
        estimate = json.loads(result.stdout)
        assert set(estimate) == {"bpm", "confidence", "alternatives"}
        assert 0 < estimate["confidence"] <= 1
        offered = [estimate["bpm"], *estimate["alternatives"]]
        assert any(within(value, bpm) for value in offered), f"{path.name} ({style}, {bpm} BPM): {estimate}"


def test_the_plain_output_and_the_us_spelling(songs):
    path, bpm, _ = songs[0]
    result = cadence("tempo", "analyze", str(path))
    assert result.returncode == 0, result.stderr
    printed = float(result.stdout.split(" BPM")[0])
    assert "confidence" in result.stdout and "alternatives:" in result.stdout
    assert printed > 0


def test_bad_files_are_named(tmp_path):
    missing = cadence("tempo", "analyse", str(tmp_path / "nothing.wav"))
    assert missing.returncode != 0 and "no such file" in missing.stderr

    truncated = tmp_path / "cut.wav"
    header = b"RIFF" + struct.pack("<I", 1_000_036) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 22050, 44100, 2, 16)
    truncated.write_bytes(header + b"data" + struct.pack("<I", 1_000_000) + b"\0" * 1000)
    result = cadence("tempo", "analyse", str(truncated))
    assert result.returncode != 0
    assert "truncated" in result.stderr.lower() or "ends" in result.stderr.lower(), result.stderr

    text = tmp_path / "notes.wav"
    text.write_text("not audio at all")
    result = cadence("tempo", "analyse", str(text))
    assert result.returncode != 0 and result.stderr.strip(), result.stderr


def test_silence_has_no_steady_beat(tmp_path):
    silent = tmp_path / "silence.wav"
    frames = 22050 * 5
    silent.write_bytes(b"RIFF" + struct.pack("<I", 36 + 2 * frames) + b"WAVEfmt "
                       + struct.pack("<IHHIIHH", 16, 1, 1, 22050, 44100, 2, 16)
                       + b"data" + struct.pack("<I", 2 * frames) + b"\0" * (2 * frames))
    result = cadence("tempo", "analyse", str(silent))
    assert result.returncode == 0
    assert "No steady beat found in silence.wav" in result.stdout
    assert json.loads(cadence("tempo", "analyse", str(silent), "--json").stdout)["bpm"] == 0
