"""Cadence behind real reverse proxies, with the configurations docs/operations.md gives ("Behind a reverse proxy"):
Debian's Caddy running docs/proxy/Caddyfile and Debian's nginx running docs/proxy/nginx.conf, each on a free port
of this machine in front of one `cadence serve --trusted-proxy 127.0.0.1`.

Caddy gets the whole journey in headless Chromium, whose NSS database trusts Caddy's own root (`local_certs`): a
secure context, the offline worker, a page reloaded offline from its copy, the live socket over wss, push. Both
proxies get a calendar app (python `caldav`), the live socket from Python, uploads and the throttles. Clients of
their own are made by binding the client's socket to addresses of 127.0.0.0/8 (127.0.0.2, 127.0.1.2, 127.0.1.3…):
the proxy sees each as a client of its own and names it in X-Forwarded-For. The proxies' names resolve to 127.0.0.1 here (Chromium: --host-resolver-rules; this
process: `socket.getaddrinfo` patched for the module), so TLS is checked against the names as a person's would be.

Nothing here measures time: waits are generous, and the one wait that must pass (a live socket that stays quiet
through a ping) is a lower bound.
"""
import base64
import hashlib
import http.client
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from urllib.parse import urljoin

import caldav
import pytest
import websocket
from selenium.webdriver.common.by import By

from browser.test_accounts import sign_in
from browser.test_https import (eventually, fire_place_alert, interstitial, is_cadence_page,
                                live_socket_over_wss_receives_an_alert, push_subscribes_and_the_worker_shows_it, run,
                                secure_context, worker_for_scope)
from browser.waiting import wait_until
from conftest import ARTIFACTS, CadenceServer, api, free_port, new_browser, screenshot_if_failed, unique_email

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "caldav"))
import scenarios  # noqa: E402  (e2e/caldav: the calendar-app scenarios, written once for any server)
import webdav  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "proxy"
CADDY_NAME = "cadence-caddy.test"
NGINX_NAME = "cadence-nginx.test"
PASSWORD = "proxy password 1"
BYSTANDER = "127.0.0.2"  # the client address of requests whose address does not matter (registering, setting up)
ADDRESSES = (f"127.0.{high}.{low}" for high in range(1, 255) for low in range(2, 255, 2))
CAP = 3  # --max-connections-per-address: small, so the proxy's many connections would pass it if it were held to it
QUIET_SECONDS = 20  # longer than Cadence's 15 s ping interval: a live socket left this long must have been pinged
STAGE_UPLOAD_LIMIT = 512 << 20  # Cadence's largest upload (docs/api.md: Stage imports)


# ---------------------------------------------------------------- the proxies' names, for this process

@pytest.fixture(scope="module", autouse=True)
def proxy_names_resolve_to_loopback():
    """What --host-resolver-rules does for Chromium: the proxies' names resolve to 127.0.0.1, for every client
    library in this process (http.client, urllib, requests and so caldav, websocket-client). Host and SNI keep the
    name."""
    real = socket.getaddrinfo

    def resolve(host, *args, **kwargs):
        return real("127.0.0.1" if host in (CADDY_NAME, NGINX_NAME) else host, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(socket, "getaddrinfo", resolve)
        yield


# ---------------------------------------------------------------- processes

@dataclass
class Proxy:
    label: str
    name: str
    port: int
    ca_file: str  # the certificate authority that clients of this proxy trust
    process: subprocess.Popen
    log_path: Path
    _context: ssl.SSLContext = field(init=False, default=None)

    @property
    def context(self):
        """For TLS to the proxy: trusts its CA only (made once the CA's file exists)."""
        if self._context is None:
            self._context = ssl.create_default_context(cafile=self.ca_file)
        return self._context

    @property
    def base(self):
        return f"https://{self.name}:{self.port}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def wait_for_health(proxy, what):
    """Until /healthz answers through the proxy (Cadence behind it) over verified TLS."""
    def healthy():
        if proxy.process.poll() is not None:
            raise AssertionError(f"{what} stopped; see {proxy.log_path}: {proxy.log_path.read_text()[-2000:]}")
        try:
            return ask(proxy, "GET", "/healthz")[0] == 200
        except (OSError, ssl.SSLError):
            return False
    eventually(healthy, 60, f"{what} never answered /healthz over TLS; see {proxy.log_path}", poll=0.3)


@pytest.fixture(scope="module")
def ports():
    return {"caddy": free_port(), "nginx": free_port()}


@pytest.fixture(scope="module")
def cadence(ports):
    """One `cadence serve` behind both proxies: it believes forwarding headers from 127.0.0.1 (and from 10.0.0.0/8
    and fd00::/8, for a chain; given both ways the flag takes them) only, and holds every other address to CAP
    connections. Its public address is Caddy's (cookies are marked Secure)."""
    instance = CadenceServer(log_name="proxy-server.log", args=[
        "--trusted-proxy", "10.0.0.0/8,127.0.0.1", "--trusted-proxy", "fd00::/8",
        "--max-connections-per-address", str(CAP),
        "--public-url", f"https://{CADDY_NAME}:{ports['caddy']}"])  # given last, so it is the one taken
    instance.start()
    yield instance
    instance.close()


CADDY_TEST_OPTIONS = """{{
	# Only for this test: Caddy's own CA instead of an ACME one, not added to this machine's trust store, no admin
	# endpoint, one listener on loopback at a free port (TCP only), nothing on the plain-HTTP port.
	admin off
	local_certs
	skip_install_trust
	auto_https disable_redirects
	https_port {port}
	default_bind 127.0.0.1
	servers {{
		protocols h1 h2
	}}
}}

import {site}
"""


@pytest.fixture(scope="module")
def caddy(cadence, ports):
    """`caddy run` with the docs' site block (CADENCE_SITE, CADENCE_UPSTREAM filled in), its own HOME and XDG
    folders; its root certificate is the CA a browser must trust."""
    folder = Path(tempfile.mkdtemp(prefix="cadence-caddy-"))
    port = ports["caddy"]
    config = folder / "Caddyfile"
    config.write_text(CADDY_TEST_OPTIONS.format(port=port, site=DOCS / "Caddyfile"))
    environment = dict(os.environ, HOME=str(folder / "home"), XDG_DATA_HOME=str(folder / "data"),
                       XDG_CONFIG_HOME=str(folder / "config"), CADENCE_SITE=f"{CADDY_NAME}:{port}",
                       CADENCE_UPSTREAM=f"127.0.0.1:{cadence.port}")
    log_path = ARTIFACTS / "caddy.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(["caddy", "run", "--config", str(config), "--adapter", "caddyfile"],
                                   env=environment, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    root = folder / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    proxy = Proxy("caddy", CADDY_NAME, port, str(root), process, log_path)
    try:
        eventually(lambda: root.exists() or process.poll() is not None, 60, "Caddy made no root certificate")
        wait_for_health(proxy, "Caddy")
        yield proxy
    finally:
        proxy.stop()
        shutil.rmtree(folder, ignore_errors=True)


def self_signed(folder, name):
    """A self-signed P-256 certificate for `name` (cert.pem, key.pem) made with `cryptography`."""
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
                   .serial_number(x509.random_serial_number())
                   .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=2))
                   .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .sign(key, hashes.SHA256()))
    cert, key_file = folder / "cert.pem", folder / "key.pem"
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    key_file.chmod(0o600)
    return cert, key_file


def nginx_site(cadence_port, port, cert, key):
    """docs/proxy/nginx.conf with what a person changes in it changed: each must be there exactly once."""
    text = (DOCS / "nginx.conf").read_text()
    for old, new in [
        ("server 127.0.0.1:8080;", f"server 127.0.0.1:{cadence_port};"),
        ("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;"),
        ("    listen [::]:443 ssl;\n", ""),
        ("server_name cadence.example.org;", f"server_name {NGINX_NAME};"),
        ("/etc/letsencrypt/live/cadence.example.org/fullchain.pem", str(cert)),
        ("/etc/letsencrypt/live/cadence.example.org/privkey.pem", str(key)),
    ]:
        assert text.count(old) == 1, f"docs/proxy/nginx.conf no longer has {old!r} once"
        text = text.replace(old, new)
    return text


NGINX_MAIN = """daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {log} notice;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/cadence.conf;
}}
"""


@pytest.fixture(scope="module")
def nginx(cadence, ports):
    """nginx in the foreground with its own prefix, pid and temp paths, around the docs' server block (as
    /etc/nginx/nginx.conf includes conf.d/*.conf inside `http`), with a self-signed certificate."""
    folder = Path(tempfile.mkdtemp(prefix="cadence-nginx-"))
    folder.chmod(0o755)  # nginx's worker runs as nobody when started as root
    port = ports["nginx"]
    cert, key = self_signed(folder, NGINX_NAME)
    (folder / "cadence.conf").write_text(nginx_site(cadence.port, port, cert, key))
    log_path = ARTIFACTS / "nginx.log"
    log_path.write_text("")
    (folder / "nginx.conf").write_text(NGINX_MAIN.format(folder=folder, log=log_path))
    command = ["nginx", "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(log_path)]
    checked = run(*command, "-t", check=False)
    assert checked.returncode == 0, checked.stderr
    with open(log_path, "a") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    proxy = Proxy("nginx", NGINX_NAME, port, str(cert), process, log_path)
    try:
        wait_for_health(proxy, "nginx")
        yield proxy
    finally:
        proxy.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["caddy", "nginx"])
def proxy(request):
    return request.getfixturevalue(request.param)


@pytest.fixture
def clients():
    """Two client addresses of this test's own (127.0.x.y and the next): the throttles also count each address's
    failures across e-mails (50), so tests do not share them. Loopback answers for all of 127.0.0.0/8."""
    low = next(ADDRESSES)
    return low, low[:low.rindex(".") + 1] + str(int(low.rsplit(".", 1)[1]) + 1)


# ---------------------------------------------------------------- clients

def ask(proxy, method, path, body=None, source=BYSTANDER, headers=None):
    """One request to the proxy from `source` (a loopback address of this client's own): (status, headers, body).
    A dict body is sent as JSON."""
    connection = http.client.HTTPSConnection(proxy.name, proxy.port, context=proxy.context,
                                             source_address=(source, 0), timeout=60)
    try:
        sent = dict(headers or {})
        if isinstance(body, dict):
            body = json.dumps(body).encode()
            sent.setdefault("Content-Type", "application/json")
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def ask_json(proxy, method, path, body=None, **options):
    status, headers, raw = ask(proxy, method, path, body, **options)
    return status, (json.loads(raw) if raw else None)


def register(proxy, name="proxy"):
    """A new account, registered through the proxy: {email, token}."""
    email = unique_email(name)
    status, body = ask_json(proxy, "POST", "/api/v1/auth/register",
                            {"email": email, "displayName": "Pia Proxy", "password": PASSWORD})
    assert status == 201, body
    return {"email": email, "token": body["token"]}


def bearer(account):
    return {"Authorization": f"Bearer {account['token']}"}


def app_password(proxy, account):
    status, made = ask_json(proxy, "POST", "/api/v1/devices/app-passwords", {"name": "Thunderbird"}, headers=bearer(account))
    assert status == 201, made
    return made


class LiveListener:
    """A live socket opened through a proxy, read by a thread of its own (which answers Cadence's pings, as a
    browser does) until it closes."""

    def __init__(self, proxy, headers):
        self.socket = websocket.create_connection(
            proxy.base.replace("https://", "wss://") + "/api/v1/live", header=headers, timeout=60,
            sslopt={"ca_certs": proxy.ca_file}, suppress_origin=True)
        self.opened = time.monotonic()
        self.messages = []
        self.ended = None
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        self.socket.settimeout(None)
        try:
            while True:
                opcode, data = self.socket.recv_data(control_frame=False)
                if opcode == websocket.ABNF.OPCODE_CLOSE:
                    self.ended = "closed by the server"
                    return
                with self.lock:
                    self.messages.append(json.loads(data))
        except Exception as error:  # the socket ended: how, for the assertion that follows
            self.ended = self.ended or repr(error)

    def types(self):
        with self.lock:
            return [message.get("type") for message in self.messages]

    def wait_for(self, kind, timeout=30):
        def found():
            assert self.ended is None, f"the live socket ended: {self.ended}"
            with self.lock:
                return next((message for message in self.messages if message.get("type") == kind), None)
        return eventually(found, timeout, f"no {kind} on the live socket; got {self.types()}")

    def close(self):
        try:
            self.socket.close()
        except OSError:
            pass
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def quiet_sockets(caddy, nginx):
    """A live socket through each proxy, opened before the other tests and checked by the last one: by then it has
    been quiet through at least one of Cadence's pings."""
    opened = {}
    for proxy in (caddy, nginx):
        account = register(proxy, f"quiet-{proxy.label}")
        listener = LiveListener(proxy, [f"Authorization: Bearer {account['token']}"])
        listener.wait_for("hello")
        opened[proxy.label] = (proxy, account, listener)
    yield opened
    for _, _, listener in opened.values():
        listener.close()


# ---------------------------------------------------------------- the browser (Caddy)

@pytest.fixture(scope="module")
def caddy_browser(caddy, tmp_path_factory):
    """Headless Chromium whose NSS database trusts Caddy's root, with Caddy's name mapped to 127.0.0.1."""
    home = tmp_path_factory.mktemp("chromium-home-caddy")
    database = home / ".pki" / "nssdb"
    database.mkdir(parents=True)
    run("certutil", "-d", f"sql:{database}", "-N", "--empty-password")
    run("certutil", "-d", f"sql:{database}", "-A", "-t", "C,,", "-n", "caddy-local", "-i", caddy.ca_file)
    driver = new_browser(arguments=[f"--host-resolver-rules=MAP {CADDY_NAME} 127.0.0.1"], home=home)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def caddy_person(caddy, caddy_browser, quiet_sockets):
    """Someone signed in through Caddy in the browser (the quiet sockets are opened first, so they age meanwhile)."""
    account = register(caddy, "browser")
    sign_in(caddy_browser, caddy.base, account["email"], PASSWORD)
    return account


@pytest.fixture(autouse=True)
def screenshot_on_failure(request):
    yield
    if "caddy_browser" in request.fixturenames:
        screenshot_if_failed(request.getfixturevalue("caddy_browser"), request)


def talk_titles(driver):
    return [link.text for link in driver.find_elements(By.CSS_SELECTOR, ".topic-list a")]


def set_offline(driver, worker, offline):
    """Cuts (or restores) the network of the page and of its service worker: DevTools emulates it per target, and
    the worker's fetches are its own."""
    conditions = {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
    worker.send("Network.enable")
    worker.send("Network.emulateNetworkConditions", conditions)


# ---------------------------------------------------------------- 1. Caddy: the browser's journey

def test_through_caddy_the_page_is_a_secure_context_with_secure_cookies_and_its_offline_worker_is_active(
        caddy, caddy_browser, caddy_person):
    browser, base = caddy_browser, caddy.base
    browser.get(base + "/phone")
    assert is_cadence_page(browser), interstitial(browser)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Hello, Pia Proxy"
    # Only TLS to a trusted root makes a .test name a secure context (it is not localhost).
    assert secure_context(browser) is True
    cookies = {cookie["name"]: cookie for cookie in browser.get_cookies()}
    assert cookies["cadence_session"]["secure"] and cookies["cadence_session"]["httpOnly"], cookies

    browser.get(base + "/phone/talks")
    wait_until(browser, lambda: browser.execute_script(
        "return navigator.serviceWorker.controller && navigator.serviceWorker.controller.state") == "activated",
        timeout=30, message="no active service worker controls /phone/talks through Caddy")
    scope = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.getRegistration().then((r) => done(r ? r.scope : null), (e) => done(String(e)));""")
    assert scope == base + "/phone/talks", scope


def test_through_caddy_an_offline_page_reloads_from_its_copy_and_online_from_cadence(caddy, caddy_browser, caddy_person):
    browser, base = caddy_browser, caddy.base
    made = ask_json(caddy, "POST", "/api/v1/talks/topics", {"title": "Kept for offline"}, headers=bearer(caddy_person))
    assert made[0] == 201, made
    browser.get(base + "/phone/talks")
    wait_until(browser, lambda: browser.execute_script(
        "return Boolean(navigator.serviceWorker.controller)"), timeout=30, message="no worker controls /phone/talks")
    browser.refresh()  # this load goes through the worker, which keeps its copy
    wait_until(browser, lambda: "Kept for offline" in talk_titles(browser))

    worker = worker_for_scope(browser, base + "/phone/talks")
    set_offline(browser, worker, True)
    try:
        # The browser really is offline: a request the worker does not handle fails.
        reached = browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch('/healthz', {cache: 'no-store'}).then(() => done(true), () => done(false));""")
        assert reached is False, "the page could still reach the server"
        # Made meanwhile on the server: a page that reached Cadence would list it.
        made = ask_json(caddy, "POST", "/api/v1/talks/topics", {"title": "Made while offline"}, headers=bearer(caddy_person))
        assert made[0] == 201, made
        browser.refresh()
        wait_until(browser, lambda: is_cadence_page(browser) and "Kept for offline" in talk_titles(browser), timeout=30,
                   message=f"the page did not load from its copy offline: {interstitial(browser)}")
        assert "Made while offline" not in talk_titles(browser)
        assert worker.evaluate("fetch('/phone/talks', {cache: 'no-store'}).then(() => 'reached', () => 'offline')") == "offline"
    finally:
        set_offline(browser, worker, False)
        worker.close()
    browser.refresh()
    wait_until(browser, lambda: "Made while offline" in talk_titles(browser), timeout=30,
               message="back online, the page did not come from Cadence")


def test_through_caddy_the_live_socket_connects_over_wss_and_receives_an_alert(caddy, caddy_browser, caddy_person):
    live_socket_over_wss_receives_an_alert(caddy_browser, caddy.base, caddy.base, caddy_person["token"], caddy.context,
                                           "Alert through Caddy")


def test_through_caddy_push_subscribes_and_the_worker_shows_the_push(caddy, caddy_browser, caddy_person):
    push_subscribes_and_the_worker_shows_it(caddy_browser, caddy.base, caddy.base, caddy_person["token"], caddy.context,
                                            "Pushed through Caddy")


# ---------------------------------------------------------------- 2. both proxies: API, uploads, downloads

def test_a_signed_in_write_by_cookie_from_the_proxys_own_origin_is_accepted(proxy):
    """The Host Cadence sees is the one the browser used, port included: a cookie-authenticated write whose Origin
    is the proxy's address passes the cross-origin check (one naming another site does not)."""
    assert ask(proxy, "GET", "/healthz")[0] == 200
    account = register(proxy, "origin")
    status, headers, _ = ask(proxy, "POST", "/api/v1/auth/login", {"email": account["email"], "password": PASSWORD})
    assert status == 200
    session = next(value for name, value in headers.items() if name.lower() == "set-cookie" and value.startswith("cadence_session="))
    assert "Secure" in session and "HttpOnly" in session, session
    cookie = {"Cookie": session.split(";")[0]}
    status, body = ask_json(proxy, "POST", "/api/v1/talks/topics", {"title": "Written by cookie"},
                            headers={**cookie, "Origin": proxy.base})
    assert status == 201, body
    status, body = ask_json(proxy, "POST", "/api/v1/talks/topics", {"title": "Written from elsewhere"},
                            headers={**cookie, "Origin": "https://elsewhere.example"})
    assert status == 403 and body["error"]["code"] == "cross_origin", body


def test_the_live_socket_upgrades_through_the_proxy_with_the_browsers_cookie_and_origin(proxy):
    account = register(proxy, "live")
    status, headers, _ = ask(proxy, "POST", "/api/v1/auth/login", {"email": account["email"], "password": PASSWORD})
    session = next(value for name, value in headers.items() if name.lower() == "set-cookie" and value.startswith("cadence_session="))
    cookie = f"Cookie: {session.split(';')[0]}"
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        LiveListener(proxy, [cookie, "Origin: https://elsewhere.example"])
    assert refused.value.status_code == 403 and b"cross_origin" in refused.value.resp_body, refused.value
    listener = LiveListener(proxy, [cookie, f"Origin: {proxy.base}"])
    try:
        assert listener.wait_for("hello")
        fire_place_alert(proxy.base, account["token"], f"Alert through {proxy.label}", proxy.context)
        alert = listener.wait_for("spots.alert")
        assert f"Alert through {proxy.label}" in json.dumps(alert), alert
    finally:
        listener.close()


def padded_calendar(size):
    """An .ics of one task, padded to about `size` bytes with calendar-level lines Cadence does not model."""
    head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Cadence//proxy e2e//EN\r\n"
    task = "BEGIN:VTODO\r\nUID:proxy-upload-1\r\nDTSTAMP:20260101T090000Z\r\nSUMMARY:Carried through the proxy\r\nEND:VTODO\r\n"
    line = "X-CADENCE-E2E-PADDING:" + "p" * 50 + "\r\n"
    count = (size - len(head) - len(task)) // len(line)
    return (head + line * count + task + "END:VCALENDAR\r\n").encode()


def test_an_upload_over_a_megabyte_passes_and_one_over_cadences_limit_gets_cadences_413(proxy):
    account = register(proxy, "upload")
    headers = {**bearer(account), "Content-Type": "text/calendar"}
    body = padded_calendar(3 << 20)  # over nginx's default client_max_body_size (1 MB)
    status, answer = ask_json(proxy, "POST", "/api/v1/spots/import", body, headers=headers)
    assert status == 200 and answer["imported"] == 1, (status, answer)
    # Past the calendar import's 10 MiB, sent whole as a client would: Cadence's own answer reaches the client.
    status, answer = ask_json(proxy, "POST", "/api/v1/spots/import", body * 4, headers=headers)
    assert status == 413 and answer["error"]["code"] == "body_too_large", (status, answer)


def test_nginx_lets_through_a_body_as_large_as_cadences_largest_upload(nginx):
    """One byte past a Stage import's 512 MiB, by its Content-Length: nginx (whose own limit would answer with its
    HTML page) passes the request on at once (request buffering off), Cadence refuses it from the length, and the
    client reads that answer before sending the body. (Caddy sets no body limit; it also holds an early answer
    until the body has come, so it is not asked this way.)"""
    account = register(nginx, "large")
    with socket.create_connection(("127.0.0.1", nginx.port), timeout=60, source_address=(BYSTANDER, 0)) as raw:
        with nginx.context.wrap_socket(raw, server_hostname=nginx.name) as tls:
            tls.sendall((f"POST /api/v1/stage/imports?filename=talk.pdf HTTP/1.1\r\nHost: {nginx.name}:{nginx.port}\r\n"
                         f"Authorization: Bearer {account['token']}\r\nContent-Type: application/pdf\r\n"
                         f"Content-Length: {STAGE_UPLOAD_LIMIT + 1}\r\n\r\n").encode() + b"%PDF-1.7\n")
            response = http.client.HTTPResponse(tls)
            response.begin()
            raw_answer = response.read()
    assert response.status == 413, (response.status, raw_answer[:300])
    assert json.loads(raw_answer)["error"]["code"] == "body_too_large", raw_answer[:300]


def test_the_account_export_downloads_whole_through_the_proxy(proxy):
    account = register(proxy, "export")
    assert ask_json(proxy, "POST", "/api/v1/talks/topics", {"title": "Exported through the proxy"}, headers=bearer(account))[0] == 201
    status, headers, body = ask(proxy, "GET", "/api/v1/account/export", headers=bearer(account))
    assert status == 200 and headers["Content-Type"].startswith("application/zip"), (status, dict(headers))
    archive = zipfile.ZipFile(BytesIO(body))
    assert archive.testzip() is None
    assert any("Exported through the proxy" in archive.read(name).decode("utf-8", "replace") for name in archive.namelist())


# ---------------------------------------------------------------- 3. both proxies: calendar apps

def test_a_calendar_app_finds_and_syncs_its_task_list_through_the_proxy(proxy, monkeypatch):
    account = register(proxy, "caldav")
    made = app_password(proxy, account)
    if proxy.label == "caddy":  # the address the Devices page gives the app: --public-url's, which is Caddy's
        assert made["url"] == proxy.base + "/dav/", made["url"]
    # The scenarios' clients (caldav and requests sessions of their own) verify TLS against the proxy's CA.
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", proxy.ca_file)
    server = scenarios.Server(proxy.base + "/", made["username"], made["password"])

    # RFC 6764 discovery through the proxy: the well-known address leads to /dav/ on the proxy's own origin.
    session = scenarios.http(server)
    found = session.request("PROPFIND", proxy.base + "/.well-known/caldav", allow_redirects=False, headers={"Depth": "0"})
    assert found.status_code == 301, found.status_code
    assert urljoin(found.url, found.headers["Location"]) == proxy.base + "/dav/", found.headers["Location"]
    principal = session.request("PROPFIND", proxy.base + "/dav/", headers={"Depth": "0"},
                                data=webdav.propfind_body("{DAV:}current-user-principal"))
    assert principal.status_code == 207, principal.status_code
    # A client given only the server's address may start with a PROPFIND on its root.
    root = session.request("PROPFIND", proxy.base + "/", headers={"Depth": "0"},
                           data=webdav.propfind_body("{DAV:}current-user-principal"))
    assert root.status_code == 207 and b"current-user-principal" in root.content, root.status_code

    scenarios.discover(server)
    scenarios.create_and_read(server)
    scenarios.sync_collection(server)
    # The python caldav client, as a calendar app would: a task written by it, then a change made in Spots
    # reaches its next sync.
    client = caldav.DAVClient(url=server.base_url, username=server.username, password=server.password,
                              ssl_verify_cert=proxy.ca_file)
    tasks = scenarios.task_list(client)
    state = tasks.objects_by_sync_token()
    status, reminder = ask_json(proxy, "POST", "/api/v1/spots/reminders", {"title": f"Synced through {proxy.label}"},
                                headers=bearer(account))
    assert status == 201, reminder
    updated, deleted = state.sync()
    assert [str(item.icalendar_component["SUMMARY"]) for item in updated] == [f"Synced through {proxy.label}"]
    assert not list(deleted)


# ---------------------------------------------------------------- 4. both proxies: the throttles count clients

def wrong_sign_ins(proxy, email, source, times=5):
    for _ in range(times):
        status, body = ask_json(proxy, "POST", "/api/v1/auth/login", {"email": email, "password": "not the password"},
                                source=source)
        assert status == 401, (status, body)


def sign_in_status(proxy, email, source, headers=None):
    status, answer_headers, _ = ask(proxy, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD},
                                    source=source, headers=headers)
    if status == 429:
        assert int(answer_headers["Retry-After"]) > 0
    return status


def test_the_sign_in_throttle_holds_one_client_behind_the_proxy_and_not_another(proxy, clients):
    client, other = clients
    account = register(proxy, "throttle")
    wrong_sign_ins(proxy, account["email"], client)
    assert sign_in_status(proxy, account["email"], client) == 429, "five wrong passwords did not hold the client"
    # Another client address behind the same proxy (Cadence sees both come from 127.0.0.1) is not slowed.
    assert sign_in_status(proxy, account["email"], other) == 200, "the proxy's other client was held too"


@pytest.mark.parametrize("forged", [
    {"X-Forwarded-For": "198.51.100.7"},
    {"X-Forwarded-For": "198.51.100.7, 127.0.0.1"},
    {"Forwarded": "for=198.51.100.8"},
    {"Forwarded": "for=198.51.100.8;proto=https", "X-Forwarded-For": "198.51.100.9"},
], ids=["x-forwarded-for", "x-forwarded-for-naming-the-proxy", "forwarded", "both"])
def test_a_client_forging_forwarding_headers_to_the_proxy_stays_held(proxy, clients, forged):
    client, other = clients
    account = register(proxy, "forger")
    wrong_sign_ins(proxy, account["email"], client)
    assert sign_in_status(proxy, account["email"], client, headers=forged) == 429, \
        f"a client escaped its throttle with {forged}"
    assert sign_in_status(proxy, account["email"], other) == 200


def dav_status(proxy, email, password, source):
    credentials = base64.b64encode(f"{email}:{password}".encode()).decode()
    status, _, _ = ask(proxy, "PROPFIND", "/dav/", webdav.propfind_body("{DAV:}current-user-principal"),
                       source=source, headers={"Authorization": f"Basic {credentials}", "Depth": "0",
                                               "Content-Type": "application/xml"})
    return status


def test_the_app_password_throttle_holds_one_client_behind_the_proxy_and_not_another(proxy, clients):
    client, other = clients
    account = register(proxy, "apps")
    password = app_password(proxy, account)["password"]
    for _ in range(5):
        assert dav_status(proxy, account["email"], "cad_" + "x" * 40, client) == 401
    assert dav_status(proxy, account["email"], password, client) == 429
    assert dav_status(proxy, account["email"], password, other) == 207


# ---------------------------------------------------------------- 5. straight to Cadence: an untrusted peer

def direct(cadence, method, path, body, source, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", cadence.port, source_address=(source, 0), timeout=60)
    try:
        connection.request(method, path, body=json.dumps(body).encode(), headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_forwarding_headers_from_an_address_that_is_not_a_trusted_proxy_change_nothing(cadence, clients):
    client, other = clients
    email = unique_email("direct")
    assert direct(cadence, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Dee", "password": PASSWORD},
                  BYSTANDER)[0] == 201
    for number in range(5):  # each claiming to forward someone new
        status, _ = direct(cadence, "POST", "/api/v1/auth/login", {"email": email, "password": "not the password"}, client,
                           {"X-Forwarded-For": f"198.51.100.{number}", "Forwarded": f"for=203.0.113.{number}"})
        assert status == 401
    status, _ = direct(cadence, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD}, client,
                       {"X-Forwarded-For": "198.51.100.200", "Forwarded": "for=203.0.113.200"})
    assert status == 429, "headers from an untrusted peer were believed"
    assert direct(cadence, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD}, other)[0] == 200


def test_behind_a_chain_of_trusted_proxies_the_client_the_front_one_names_is_counted(cadence, clients):
    """A load balancer at 10.1.2.3 (trusted through 10.0.0.0/8) in front of a proxy on 127.0.0.1: the proxy appends
    the balancer's address to what the balancer wrote, and the first untrusted address from the right is the client."""
    client, other = clients
    email = unique_email("chain")
    assert direct(cadence, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Cal", "password": PASSWORD},
                  BYSTANDER)[0] == 201
    via = lambda address: {"X-Forwarded-For": f"{address}, 10.1.2.3"}  # noqa: E731
    for _ in range(5):
        assert direct(cadence, "POST", "/api/v1/auth/login", {"email": email, "password": "not the password"}, "127.0.0.1",
                      via(client))[0] == 401
    assert direct(cadence, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD}, "127.0.0.1", via(client))[0] == 429
    assert direct(cadence, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD}, "127.0.0.1", via(other))[0] == 200


def test_a_clients_forwarded_header_passed_on_beside_the_proxys_x_forwarded_for_is_not_believed(cadence, clients):
    """What Caddy 2.6's default reverse_proxy sends when a client adds `Forwarded` (seen with an echo upstream): its
    own X-Forwarded-For naming the client, and the client's Forwarded as it came. Sent here from 127.0.0.1, as the
    proxy would."""
    email = unique_email("passed-on")
    assert direct(cadence, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Fay", "password": PASSWORD},
                  BYSTANDER)[0] == 201
    proxy_wrote = {"X-Forwarded-For": clients[0], "X-Forwarded-Proto": "https"}
    for _ in range(5):
        assert direct(cadence, "POST", "/api/v1/auth/login", {"email": email, "password": "not the password"}, "127.0.0.1",
                      proxy_wrote)[0] == 401
    assert direct(cadence, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD}, "127.0.0.1",
                  {**proxy_wrote, "Forwarded": "for=198.51.100.8"})[0] == 429


def upgrade_request(port, headers=""):
    key = base64.b64encode(os.urandom(16)).decode()
    return (f"GET /api/v1/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{headers}\r\n").encode(), key


def read_head(reader):
    """The status line and the header fields (lower-case names) of an answer read from `reader`."""
    status = reader.readline()
    fields = {}
    for line in iter(reader.readline, b"\r\n"):
        name, _, value = line.decode().partition(":")
        fields[name.strip().lower()] = value.strip()
    return status, fields


def read_text_frame(reader):
    """One unmasked frame from the server, as the JSON it carries."""
    first, second = reader.read(2)
    assert first == 0x81, f"not a final text frame: {first:#x}"
    length = second & 0x7F
    if length == 126:
        length = int.from_bytes(reader.read(2), "big")
    elif length == 127:
        length = int.from_bytes(reader.read(8), "big")
    return json.loads(reader.read(length))


def test_a_websocket_upgrade_on_a_kept_alive_connection_is_accepted(cadence):
    """RFC 9110 §7.8: any HTTP/1.1 request may ask to upgrade, not only a connection's first (nginx with upstream
    `keepalive` sends upgrades on used connections)."""
    status, body = api(cadence.base, "POST", "/api/v1/auth/register",
                       {"email": unique_email("kept"), "displayName": "Kip", "password": PASSWORD})
    assert status == 201, body
    with socket.create_connection(("127.0.0.1", cadence.port), timeout=30) as sock:
        reader = sock.makefile("rb")
        for _ in range(2):
            sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{cadence.port}\r\n\r\n".encode())
            status_line, fields = read_head(reader)
            assert status_line.startswith(b"HTTP/1.1 200"), status_line
            reader.read(int(fields["content-length"]))
        request, key = upgrade_request(cadence.port, f"Authorization: Bearer {body['token']}\r\n")
        sock.sendall(request)
        status_line, fields = read_head(reader)
        assert status_line.startswith(b"HTTP/1.1 101"), status_line
        expected = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
        assert fields["sec-websocket-accept"] == expected
        assert read_text_frame(reader)["type"] == "hello"  # the live channel itself speaks, not a leftover of HTTP


def test_a_refused_upgrade_on_a_kept_alive_connection_gets_the_routes_answer_and_the_connection_closes(cadence):
    with socket.create_connection(("127.0.0.1", cadence.port), timeout=30) as sock:
        reader = sock.makefile("rb")
        sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{cadence.port}\r\n\r\n".encode())
        status_line, fields = read_head(reader)
        reader.read(int(fields["content-length"]))
        sock.sendall(upgrade_request(cadence.port)[0])  # no token, no cookie
        status_line, fields = read_head(reader)
        assert status_line.startswith(b"HTTP/1.1 401"), status_line
        assert fields["connection"] == "close"
        answer = json.loads(reader.read(int(fields["content-length"])))
        assert answer["error"]["code"] == "unauthorized", answer
        assert reader.read() == b""  # closed: the decoder stopped at the upgrade, so HTTP cannot go on


# ---------------------------------------------------------------- 6. the connection cap

def closed_at_once(sock, limit=30):
    """True when the server closes `sock` without answering (within `limit` s, which only detects a hang)."""
    sock.settimeout(limit)
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        return True
    try:
        return sock.recv(65536) == b""
    except ConnectionResetError:
        return True


def test_a_trusted_proxy_is_not_held_to_the_connection_cap_but_other_addresses_are(cadence, nginx, clients):
    address = clients[0]
    account = register(nginx, "many")
    sockets = []
    try:
        # More live sockets through nginx than CAP: each is a connection of its own from 127.0.0.1 to Cadence.
        for _ in range(CAP + 3):
            sockets.append(LiveListener(nginx, [f"Authorization: Bearer {account['token']}"]))
        for listener in sockets:
            listener.wait_for("hello")
        # Straight from an address that is no proxy: CAP connections, and the next is closed unanswered.
        held = [socket.create_connection(("127.0.0.1", cadence.port), timeout=30, source_address=(address, 0))
                for _ in range(CAP)]
        try:
            for sock in held:
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert sock.recv(65536).startswith(b"HTTP/1.1 200")
            with socket.create_connection(("127.0.0.1", cadence.port), timeout=30, source_address=(address, 0)) as extra:
                assert closed_at_once(extra), "a connection over the cap was served"
        finally:
            for sock in held:
                sock.close()
        for listener in sockets:
            assert listener.ended is None, listener.ended
        log = cadence.log_text()
        assert f"too many connections from {address}" in log
        assert "too many connections from 127.0.0.1" not in log
    finally:
        for listener in sockets:
            listener.close()


# ---------------------------------------------------------------- last: the sockets left quiet

def test_live_sockets_left_quiet_through_each_proxy_outlast_a_ping_and_still_deliver(quiet_sockets):
    """Runs last. Cadence pings every 15 s; a proxy whose read timeout were shorter would have cut these sockets."""
    for proxy, account, listener in quiet_sockets.values():
        left = QUIET_SECONDS - (time.monotonic() - listener.opened)
        if left > 0:
            time.sleep(left)
        assert listener.ended is None, f"{proxy.label}: the quiet socket ended: {listener.ended}"
        fire_place_alert(proxy.base, account["token"], f"Still there through {proxy.label}", proxy.context)
        alert = listener.wait_for("spots.alert")
        assert f"Still there through {proxy.label}" in json.dumps(alert), alert
