"""Radicale, the reference CalDAV server the client-side scenarios are proven against.

    with radicale() as server:          # server.base_url, server.username, server.password
        scenarios.discover(server)

Radicale runs as its own process (`python -m radicale`) on a free loopback port with a
storage folder of its own, htpasswd auth with one plain-text user, and no config file:
`--config ""` stops it from reading /etc/radicale/config or ~/.config/radicale/config,
and RADICALE_CONFIG is removed from its environment for the same reason.
"""
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

from conftest import ARTIFACTS, free_port
from scenarios import Server

USERNAME = "alice"
PASSWORD = "correct horse battery staple, a long one"


@contextlib.contextmanager
def radicale(storage=None, username=USERNAME, password=PASSWORD, log_name="radicale.log", log_level="info",
             extra_args=()):
    """Starts Radicale, waits until it answers, yields a Server for its root URL, stops it.

    storage: the collections folder (a temporary one, removed afterwards, when None);
    the log goes to e2e/artifacts/<log_name>, appended to, like the Cadence server's.
    """
    with contextlib.ExitStack() as cleanup:
        work = Path(cleanup.enter_context(tempfile.TemporaryDirectory(prefix="radicale-e2e-")))
        users = work / "users"
        users.write_text(f"{username}:{password}\n")
        port = free_port()
        command = [sys.executable, "-m", "radicale", "--config", "",
                   "--server-hosts", f"127.0.0.1:{port}",
                   "--storage-filesystem-folder", str(storage or work / "collections"),
                   "--auth-type", "htpasswd", "--auth-htpasswd-filename", str(users),
                   "--auth-htpasswd-encryption", "plain",
                   # Radicale sleeps auth.delay (0.5-1.5 s by default) before EVERY 401, even the
                   # first challenge to a client that has not sent credentials yet, and 1 s before
                   # any 5xx; neither tells us anything here and both would slow each test down.
                   "--auth-delay", "0", "--server-delay-on-error", "0",
                   "--logging-level", log_level, *extra_args]
        environment = {key: value for key, value in os.environ.items() if key != "RADICALE_CONFIG"}
        ARTIFACTS.mkdir(exist_ok=True)
        log = cleanup.enter_context(open(ARTIFACTS / log_name, "a"))
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=environment)
        cleanup.callback(_stop, process)
        base_url = f"http://127.0.0.1:{port}/"
        _wait_until_answering(base_url, process, log.name)
        yield Server(base_url, username, password)


def _wait_until_answering(url, process, log_path, seconds=30):
    deadline = time.time() + seconds
    while True:
        try:
            requests.get(url, timeout=1)  # any HTTP answer (a 401 here) means it is serving
            return
        except requests.ConnectionError:
            pass
        if process.poll() is not None or time.time() > deadline:
            raise RuntimeError(f"Radicale did not start; see {log_path}")
        time.sleep(0.1)


def _stop(process):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
