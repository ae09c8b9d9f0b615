"""`cadence serve` with HTTPS from the terminal (issue 36): what a person starting Cadence for their network sees
(the addresses to open, a QR code that scans to the trust page, the authority's fingerprint), `cadence https status`,
the authority travelling in a backup, and clear refusals of flags that do not go together."""
import hashlib
import re
import shutil
import ssl
import subprocess
import tempfile
import urllib.request
from pathlib import Path

import pytest

from cli.test_cli import cadence
from conftest import CadenceServer, free_port

BLOCKS = {"█": (0, 0), "▀": (0, 1), "▄": (1, 0), " ": (1, 1)}  # (top, bottom); 1 = dark, the terminal's light = paper


def qr_from_terminal(text):
    """The half-block QR code in `text` as a PBM picture (8 px per module, a white margin), for zbarimg."""
    art = [line for line in text.split("\n") if line and set(line) <= set(BLOCKS) and "█" in line]
    assert art, text
    rows = []
    for line in art:
        rows += [[BLOCKS[c][0] for c in line], [BLOCKS[c][1] for c in line]]
    scale, margin = 8, 40
    width, height = len(rows[0]) * scale + 2 * margin, len(rows) * scale + 2 * margin
    pixels = []
    for y in range(height):
        row_y = (y - margin) // scale
        for x in range(width):
            row_x = (x - margin) // scale
            inside = y >= margin and x >= margin and row_y < len(rows) and row_x < len(rows[0])
            pixels.append(str(rows[row_y][row_x]) if inside else "0")
    return f"P1\n{width} {height}\n" + " ".join(pixels) + "\n"


@pytest.fixture(scope="module")
def network_server():
    http_port = free_port()
    instance = CadenceServer(log_name="https-cli.log", scheme="https",
                             args=["--https", "local", "--host", "0.0.0.0", "--http-port", str(http_port)])
    instance.http_port = http_port
    instance.start()
    yield instance
    instance.close()


def test_serving_the_network_prints_where_to_go_and_a_qr_code_that_scans_to_it(network_server, tmp_path):
    log = network_server.log_text()
    urls = re.findall(r"^  (http://\S+/trust)$", log, re.MULTILINE)
    assert urls and all(f":{network_server.http_port}/trust" in url for url in urls), log
    fingerprint = re.search(r"SHA-256: ([0-9A-F:]{95})", log).group(1)
    der = ssl.PEM_cert_to_DER_cert((Path(network_server.data) / "https" / "ca.pem").read_text())
    assert fingerprint == ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest()), "the terminal shows the root's fingerprint"
    if shutil.which("zbarimg") is None:
        pytest.fail("zbarimg (zbar-tools) is missing: scripts/test installs it")
    picture = tmp_path / "qr.pbm"
    picture.write_text(qr_from_terminal(log))
    scanned = subprocess.run(["zbarimg", "-q", "--raw", str(picture)], capture_output=True, text=True, timeout=60)
    assert scanned.stdout.strip() == urls[0], (scanned.stdout, scanned.stderr)
    # What it scans to is the trust page, over plain HTTP, with that same fingerprint.
    with urllib.request.urlopen(f"http://127.0.0.1:{network_server.http_port}/trust", timeout=10) as page:
        assert fingerprint in page.read().decode()


def test_https_status_shows_the_root_its_constraints_and_the_server_certificate(network_server):
    result = cadence("https", "status", data_dir=network_server.data)
    assert result.returncode == 0, result.stderr
    der = ssl.PEM_cert_to_DER_cert((Path(network_server.data) / "https" / "ca.pem").read_text())
    assert ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest()) in result.stdout
    assert "10.0.0.0/8" in result.stdout and "192.168.0.0/16" in result.stdout and "fc00::/7" in result.stdout
    assert "localhost" in result.stdout.split("Server certificate:")[1]


def test_https_status_without_an_authority_says_how_to_make_one():
    with tempfile.TemporaryDirectory() as empty:
        result = cadence("https", "status", data_dir=empty)
    assert result.returncode != 0 and "--https local" in result.stderr, result


def test_a_backup_keeps_the_authority_the_phones_trust(network_server, tmp_path):
    archive = tmp_path / "backup.zip"
    made = cadence("backup", str(archive), data_dir=network_server.data)
    assert made.returncode == 0, made.stderr
    restored = tmp_path / "restored"
    back = cadence("restore", str(archive), data_dir=str(restored))
    assert back.returncode == 0, back.stderr
    assert (restored / "https" / "ca.pem").read_text() == (Path(network_server.data) / "https" / "ca.pem").read_text()
    assert (restored / "https" / "ca-key.pem").stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("flags, says", [
    (["--tls-cert", "/nonexistent/cert.pem"], "--tls-key"),
    (["--https", "public"], "--https"),
    (["--https", "local", "--tls-cert", "a.pem", "--tls-key", "b.pem"], "--https local"),
    (["--http-port", "8081"], "--http-port"),
    (["--https", "local", "--http-port", "70000"], "--http-port"),
    (["--trusted-proxy", "10.0.0.0/33"], "10.0.0.0/33"),
    (["--trusted-proxy", "proxy.example.org"], "proxy.example.org"),
    (["--tls-cert", "/nonexistent/cert.pem", "--tls-key", "/nonexistent/key.pem"], "/nonexistent/cert.pem"),
])
def test_flags_that_cannot_serve_are_refused_with_a_message(flags, says, tmp_path):
    result = cadence("serve", "--port", str(free_port()), *flags, data_dir=str(tmp_path))
    assert result.returncode != 0, result.stdout
    assert says in result.stderr, result.stderr
