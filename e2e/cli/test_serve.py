"""`cadence serve` as an operator starts it without SMTP: the reset link goes to the log."""
import os
import re
import subprocess
import tempfile
import time
import urllib.request

from conftest import api, free_port, unique_email
from cli.test_cli import BIN


def test_without_smtp_the_reset_mail_is_written_to_the_log():
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="cadence-serve-") as data, tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen([BIN, "serve", "--port", str(port), "--data-dir", data, "--bcrypt-cost", "10"],
                                   stdout=log, stderr=subprocess.STDOUT, text=True,
                                   env={**os.environ, "LC_ALL": "C"})  # the English "Cadence is serving at" line
        try:
            deadline = time.time() + 60
            while True:
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=1)
                    break
                except OSError:
                    assert process.poll() is None and time.time() < deadline, "serve did not start"
                    time.sleep(0.1)
            email = unique_email("logged")
            assert api(base, "POST", "/api/v1/auth/register",
                       {"email": email, "displayName": "Logged", "password": "logged password"})[0] == 201
            assert api(base, "POST", "/api/v1/auth/forgot-password", {"email": email})[0] == 202
            time.sleep(0.5)
        finally:
            process.terminate()
            process.wait(timeout=10)
        log.seek(0)
        output = log.read()
    assert f"Cadence is serving at {base}" in output
    link = re.search(rf"{re.escape(base)}/reset\?token=[A-Za-z0-9_-]+", output)
    assert link, output
    assert "logged password" not in output  # passwords never reach the log
