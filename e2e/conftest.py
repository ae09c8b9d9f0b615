"""Shared fixtures: a real SMTP server, the real Cadence server, real headless Chromium.

scripts/test sets CADENCE_BIN to the built `cadence` binary. Each test session
starts one server on a free port with a fresh SQLite database, pointed at an
in-process SMTP server (aiosmtpd) so password-reset mail really travels over SMTP.
"""
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

ARTIFACTS = Path(__file__).parent / "artifacts"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """Collects every message the server sends, for tests to read links from."""

    def __init__(self):
        self.messages = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.messages.append({"to": envelope.rcpt_tos, "text": envelope.content.decode("utf-8", "replace")})
        return "250 Message accepted"

    def wait_for(self, recipient, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                for message in reversed(self.messages):
                    if recipient in message["to"]:
                        return message["text"]
            time.sleep(0.1)
        raise AssertionError(f"no e-mail reached {recipient} within {timeout} s")


@pytest.fixture(scope="session")
def inbox():
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    handler.port = controller.port
    yield handler
    controller.stop()


# CADENCE_E2E_HTTPS=1: the shared servers (`server`, `own_server`) run with `--https local`, api() verifies against
# their CA and browsers started without a HOME of their own trust it (an NSS database made with certutil). For running
# suites that were written over plain HTTP over TLS too (issue 36), by hand: `.ci/run` runs the suite once, over HTTP.
OVER_HTTPS = os.environ.get("CADENCE_E2E_HTTPS") == "1"
TRUSTED_CA = {}  # "file": the CA of the servers started over HTTPS; "home": a HOME whose NSS database trusts it


def shared_server(**options):
    """A CadenceServer as the shared fixtures start it: over HTTPS when CADENCE_E2E_HTTPS=1."""
    if not OVER_HTTPS:
        return CadenceServer(**options)
    instance = CadenceServer(scheme="https", args=["--https", "local"], **options)
    Path(instance.ca_file).parent.mkdir(parents=True)
    if "file" in TRUSTED_CA:  # one CA for every server of the run, so one NSS database trusts them all
        shutil.copytree(Path(TRUSTED_CA["file"]).parent, Path(instance.ca_file).parent, dirs_exist_ok=True)
    return instance


def trust_ca_of(instance):
    """Remembers the CA of a server started over HTTPS (after its first start has made it)."""
    if instance.scheme == "https" and "file" not in TRUSTED_CA:
        TRUSTED_CA["file"] = instance.ca_file


def nss_home_trusting(ca_file):
    """A new HOME whose NSS database (what Chromium on Linux reads) trusts `ca_file` for websites."""
    home = Path(tempfile.mkdtemp(prefix="cadence-chromium-home-"))
    database = home / ".pki" / "nssdb"
    database.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{database}", "-N", "--empty-password"], check=True)
    subprocess.run(["certutil", "-d", f"sql:{database}", "-A", "-t", "C,,", "-n", "cadence", "-i", ca_file], check=True)
    return home


class CadenceServer:
    """A real `cadence serve` process on a free port with its own data folder; can be restarted."""

    def __init__(self, smtp_port=None, log_name="server.log", args=(), allow_local_push=True, scheme="http", ca_file=None):
        """`scheme="https"` for a server started with `--https local` or `--tls-cert`/`--tls-key` (in `args`): its
        address and the health probe are then https://, verified against `ca_file` — by default the data folder's
        https/ca.pem, which `--https local` makes at start."""
        self.binary = os.environ.get("CADENCE_BIN")
        assert self.binary and Path(self.binary).exists(), "set CADENCE_BIN to the built cadence binary (scripts/test does)"
        self.port = free_port()
        self.scheme = scheme
        self.base = f"{scheme}://127.0.0.1:{self.port}"
        self.data = tempfile.mkdtemp(prefix="cadence-e2e-")
        self.ca_file = ca_file or (str(Path(self.data) / "https" / "ca.pem") if scheme == "https" else None)
        self.smtp_port = smtp_port
        self.args = list(args)  # further `cadence serve` flags
        self.allow_local_push = allow_local_push
        ARTIFACTS.mkdir(exist_ok=True)
        self.log = open(ARTIFACTS / log_name, "a")
        self.log_start = self.log.tell()
        self.process = None

    def start(self):
        command = [self.binary, "serve", "--port", str(self.port), "--data-dir", self.data, "--bcrypt-cost", "10",
                   "--public-url", self.base, "--map-tiles", "offline"]
        if self.allow_local_push:
            command.append("--allow-local-push-services")  # the suite's push service runs on this machine
        if self.smtp_port:
            command += ["--smtp-url", f"smtp://127.0.0.1:{self.smtp_port}?from=cadence@example.org"]
        command += self.args
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{self.base}/healthz", timeout=1, context=self.ssl_context()) as response:
                    if response.status == 200:
                        trust_ca_of(self)
                        return
            except OSError:
                pass
            if self.process.poll() is not None or time.time() > deadline:
                self.process.kill()
                raise RuntimeError(f"cadence serve did not start; see {self.log.name}")
            time.sleep(0.1)

    def ssl_context(self):
        """For urllib over https: trusts this server's CA (None over plain HTTP). Raises OSError until the CA exists."""
        return ssl.create_default_context(cafile=self.ca_file) if self.scheme == "https" else None

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def close(self):
        self.stop()
        self.log.close()

    def log_text(self):
        """What this server has written to its log so far (the file collects earlier runs too)."""
        self.log.flush()
        with open(self.log.name) as log:
            log.seek(self.log_start)
            return log.read()


@pytest.fixture(scope="session", autouse=True)
def https_ca():
    """Over HTTPS, the run's CA exists before any browser starts: a first server makes it and stops."""
    if OVER_HTTPS:
        first = shared_server(log_name="https-ca.log")
        first.start()
        first.close()


@pytest.fixture(scope="session")
def server(inbox):
    instance = shared_server(smtp_port=inbox.port)
    instance.start()
    yield instance.base
    instance.close()


@pytest.fixture
def own_server():
    """A server of this test's own, which the test may stop and start."""
    instance = shared_server(log_name="own-server.log")
    instance.start()
    yield instance
    instance.close()


def api(base, method, path, body=None, token=None, context=None):
    """A JSON API call; returns (status, parsed body). `context`: the ssl.SSLContext for an https:// base."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, context=context or tls_context(base)) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, json.loads(raw) if raw else None


def tls_context(url):
    """The ssl.SSLContext for urllib that trusts the run's CA, for an https:// URL when CADENCE_E2E_HTTPS=1; else None."""
    if url.startswith("https://") and "file" in TRUSTED_CA:
        return ssl.create_default_context(cafile=TRUSTED_CA["file"])
    return None


def wait_for_import(base, token, job, seconds=60):
    """Polls a Stage import until it ends; fails unless it is done. Returns the finished job."""
    deadline = time.time() + seconds
    while job.get("state") not in ("done", "failed"):
        assert time.time() < deadline, job
        time.sleep(0.2)
        job = api(base, "GET", f"/api/v1/stage/imports/{job['id']}", token=token)[1]
    assert job["state"] == "done", job
    return job


def unique_email(name="user"):
    return f"{name}-{os.urandom(4).hex()}@example.org"


def new_browser(arguments=(), home=None):
    """Headless Chromium. `arguments`: further command-line flags (e.g. --host-resolver-rules); `home`: the HOME it
    runs with, whose ~/.pki/nssdb holds the certificate authorities it trusts besides the built-in ones."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800", *arguments):
        options.add_argument(argument)
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if home is None and "file" in TRUSTED_CA:
        if "home" not in TRUSTED_CA:  # made once for the run, not for every browser
            TRUSTED_CA["home"] = nss_home_trusting(TRUSTED_CA["file"])
        home = TRUSTED_CA["home"]
    env = dict(os.environ, HOME=str(home)) if home else None
    service = Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"), env=env)
    browser = webdriver.Chrome(service=service, options=options)
    browser.implicitly_wait(0)
    return browser


def screenshot_if_failed(browser, request, suffix=""):
    """Keeps a screenshot of a failed test's browser in e2e/artifacts (for a browser a module shares, too)."""
    outcome = getattr(request.node, "outcome", None)
    if outcome is not None and outcome.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", request.node.nodeid) + suffix
        browser.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def finish_browser(browser, request, suffix=""):
    """Keeps a screenshot of a failed test's browser in e2e/artifacts, then closes it."""
    screenshot_if_failed(browser, request, suffix)
    browser.quit()


@pytest.fixture
def driver(request):
    browser = new_browser()
    yield browser
    finish_browser(browser, request)


@pytest.fixture
def second_driver(request):
    """A second, separate browser (its own cookies): the watch or display beside the phone."""
    browser = new_browser()
    yield browser
    finish_browser(browser, request, "-second")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.outcome = report
    return report
