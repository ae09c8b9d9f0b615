"""HTTPS in Cadence end to end: `cadence serve --https local` with its own name-constrained CA and the plain-HTTP
`--http-port`, and `--tls-cert/--tls-key` with files made by openssl.

One headless Chromium serves the whole module. Its HOME holds an NSS database that trusts Cadence's CA (as a
person who followed the trust page's Linux steps), and its resolver maps this host's `<hostname>.local` (which the
server certificate names), `cadence.test` (a plain-HTTP address that is not a secure context) and the names of
the constraint checks to 127.0.0.1. The servers: one `--https local --http-port` server, one `--tls-cert` server
whose files the tests replace (constraint and reload checks), and the suite's plain-HTTP `server`.
"""
import base64
import hashlib
import ipaddress
import os
import re
import shutil
import signal
import socket
import ssl
import stat
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from selenium.webdriver.common.by import By

from browser.cdp import CDPSession, targets
from browser.pagecheck import SIZES, check_page, set_viewport
from browser.test_accounts import sign_in
from browser.waiting import wait_until
from conftest import CadenceServer, api, free_port, new_browser, nss_home_trusting, screenshot_if_failed, unique_email
from push_service import PushBrowserKeys, PushService

SHORT_HOST = socket.gethostname().split(".")[0].lower()
LOCAL_NAME = f"{SHORT_HOST}.local"  # in the server certificate of --https local (mDNS's name for this host)
PLAIN_NAME = "cadence.test"         # plain HTTP on a name that is not localhost: not a secure context
INSIDE_NAME = "cadence-inside.local"
OUTSIDE_NAMES = ["outside.example", "cadence-outside.com"]
SHOTS = Path("/tmp/shots")
PASSWORD = "https password 1"
GATE = {"latitude": 52.516275, "longitude": 13.377704}
ELSEWHERE = {"latitude": 48.8566, "longitude": 2.3522}


# ---------------------------------------------------------------- helpers

def eventually(condition, timeout=20, message="", poll=0.25):
    """The first truthy value of condition() within `timeout` seconds, else fails with `message`."""
    deadline = time.time() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.time() > deadline:
            raise AssertionError(message or "condition not met")
        time.sleep(poll)


def run(*command, check=True):
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True, input="", timeout=60)
    if check:
        assert result.returncode == 0, f"{command}: {result.stderr}"
    return result


@dataclass
class Pair:
    cert: Path
    key: Path
    serial: int


def issue(ca_dir, out_dir, stem, dns=(), ips=()):
    """A P-256 server certificate for `dns` names and `ips`, signed by the CA in `ca_dir` (ca.pem, ca-key.pem)."""
    out_dir = Path(out_dir)
    key, csr, cert, ext = (out_dir / f"{stem}.{suffix}" for suffix in ("key", "csr", "pem", "ext"))
    serial = int.from_bytes(os.urandom(8), "big") | (1 << 62)  # positive, always 8 bytes: equal-sized certificates
    names = [f"DNS:{name}" for name in dns] + [f"IP:{ip}" for ip in ips]
    ext.write_text("basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n"
                   f"subjectAltName={','.join(names)}\nauthorityKeyIdentifier=keyid\nsubjectKeyIdentifier=hash\n")
    run("openssl", "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
        "-subj", f"/CN={(list(dns) + list(ips))[0]}", "-out", csr)
    run("openssl", "x509", "-req", "-in", csr, "-CA", Path(ca_dir) / "ca.pem", "-CAkey", Path(ca_dir) / "ca-key.pem",
        "-set_serial", hex(serial), "-days", "30", "-sha256", "-extfile", ext, "-out", cert)
    return Pair(cert, key, serial)


def replace_file(target, source):
    """As certbot renews: a new file renamed into place (a new inode)."""
    temporary = Path(f"{target}.new")
    shutil.copyfile(source, temporary)
    os.replace(temporary, target)


def served_certificate(port, server_name="127.0.0.1"):
    """The certificate a new TLS connection gets (not verified: whatever the server sends)."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        with context.wrap_socket(raw, server_hostname=server_name) as tls:
            return x509.load_der_x509_certificate(tls.getpeercert(binary_form=True))


def served_serial(port):
    return served_certificate(port).serial_number


def s_client(port, *options):
    """openssl s_client: one handshake, then EOF. Answers (return code, stdout + stderr)."""
    result = run("openssl", "s_client", "-connect", f"127.0.0.1:{port}", *options, check=False)
    return result.returncode, result.stdout + result.stderr


def fresh(driver, url):
    """Opens `url` with the console log emptied first, so check_page sees only this page's messages."""
    driver.get_log("browser")
    driver.get(url)


def is_cadence_page(driver):
    return driver.execute_script("return document.querySelector('a.brand') !== null && document.title.endsWith('Cadence')")


def interstitial(driver):
    """Chromium's certificate error page, as a person sees it: its title and the NET::ERR_CERT_… code."""
    text = driver.execute_script("return document.body ? document.body.innerText : ''")
    code = re.search(r"NET::ERR_CERT_[A-Z_]+", text)
    return driver.title, code.group(0) if code else None


def secure_context(driver):
    return driver.execute_script("return window.isSecureContext")


def shot(driver, url, label):
    fresh(driver, url)
    wait_until(driver, lambda: driver.find_element(By.ID, "trust-check").get_attribute("data-trusted"),
               message="the trust check never ended")
    SHOTS.mkdir(parents=True, exist_ok=True)
    paths = []
    for size, (width, height) in SIZES.items():
        set_viewport(driver, width, height)
        path = SHOTS / f"trust-{label}-{size}.png"
        driver.save_screenshot(str(path))
        paths.append(path)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return paths


def message_of(driver, css):
    """The element at `css` once the page says HTTPS is missing there: (what, text, has link to /trust)."""
    element = driver.find_element(By.CSS_SELECTOR, css)
    wait_until(driver, lambda: element.get_attribute("data-https-missing"), message=f"{css} never said HTTPS is missing")
    links = element.find_elements(By.CSS_SELECTOR, "a[href='/trust']")
    return element.get_attribute("data-https-missing"), element.text, element.is_displayed(), bool(links and links[0].is_displayed())


def fire_place_alert(base, token, title, context):
    status, reminder = api(base, "POST", "/api/v1/spots/reminders", {
        "title": title, "place": {"name": "Brandenburg Gate", **GATE, "radius": 150, "trigger": "arrive"}},
        token=token, context=context)
    assert status == 201, reminder
    status, fired = api(base, "POST", "/api/v1/spots/locations", {
        "reports": [{**GATE, "accuracy": 15, "at": int(time.time() * 1000)}]}, token=token, context=context)
    assert status == 200 and fired["fired"] == 1, fired
    return reminder["id"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


# ---------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def https_server():
    """`cadence serve --https local --http-port H`: HTTPS at .base, plain HTTP (trust page only) at .http_base."""
    http_port = free_port()
    instance = CadenceServer(log_name="https-server.log", scheme="https",
                             args=["--https", "local", "--http-port", str(http_port)])
    instance.http_port = http_port
    instance.http_base = f"http://127.0.0.1:{http_port}"
    instance.start()
    instance.ca_dir = Path(instance.data) / "https"
    instance.context = instance.ssl_context()
    yield instance
    instance.close()


@pytest.fixture(scope="module")
def https_account(https_server):
    email = unique_email("https")
    status, body = api(https_server.base, "POST", "/api/v1/auth/register",
                       {"email": email, "displayName": "Tess Tls", "password": PASSWORD}, context=https_server.context)
    assert status == 201, body
    return {"email": email, "token": body["token"]}


@pytest.fixture(scope="module")
def nss_home(https_server):
    """A HOME whose NSS database trusts Cadence's CA for websites (what Chromium on Linux reads)."""
    home = nss_home_trusting(https_server.ca_dir / "ca.pem")
    assert "cadence" in run("certutil", "-d", f"sql:{home / '.pki' / 'nssdb'}", "-L").stdout
    return home


@pytest.fixture(scope="module")
def browser(nss_home):
    names = [LOCAL_NAME, PLAIN_NAME, INSIDE_NAME, *OUTSIDE_NAMES]
    rules = ", ".join(f"MAP {name} 127.0.0.1" for name in names)
    driver = new_browser(arguments=[f"--host-resolver-rules={rules}"], home=nss_home)
    driver.signed_in = set()
    yield driver
    driver.quit()


@pytest.fixture(autouse=True)
def screenshot_on_failure(request):
    yield
    if "browser" in request.fixturenames:
        screenshot_if_failed(request.getfixturevalue("browser"), request)


def signed_in(driver, base, email):
    """Signs `email` in on `base` once per module (cookies are per host)."""
    if base not in driver.signed_in:
        sign_in(driver, base, email, PASSWORD)
        driver.signed_in.add(base)


@pytest.fixture(scope="module")
def files_server(https_server, tmp_path_factory):
    """`cadence serve --tls-cert … --tls-key …` with openssl-made files signed by the --https local server's CA; the
    tests replace the files. It starts with a certificate for INSIDE_NAME, localhost and 127.0.0.1."""
    folder = tmp_path_factory.mktemp("tls-files")
    first = issue(https_server.ca_dir, folder, "first", dns=[INSIDE_NAME, "localhost"], ips=["127.0.0.1"])
    cert, key = folder / "served.pem", folder / "served-key.pem"
    shutil.copyfile(first.cert, cert)
    shutil.copyfile(first.key, key)
    instance = CadenceServer(log_name="tls-files-server.log", scheme="https", ca_file=str(https_server.ca_dir / "ca.pem"),
                             args=["--tls-cert", str(cert), "--tls-key", str(key)])
    instance.start()
    instance.folder, instance.cert, instance.key = folder, cert, key
    yield instance
    instance.close()


def serve_pair(files_server, pair):
    """Puts `pair` in place, tells the server (SIGHUP) and waits until new connections get it."""
    replace_file(files_server.key, pair.key)
    replace_file(files_server.cert, pair.cert)
    files_server.process.send_signal(signal.SIGHUP)
    eventually(lambda: served_serial(files_server.port) == pair.serial, 15, "the server did not take the new pair")


# ---------------------------------------------------------------- 3. TLS versions and names (openssl s_client)

def test_tls_1_0_and_1_1_are_refused_1_2_and_1_3_verify_against_cadences_ca_for_its_names(https_server):
    port, ca = https_server.port, https_server.ca_dir / "ca.pem"
    for version in ("-tls1", "-tls1_1"):
        code, output = s_client(port, version, "-cipher", "DEFAULT@SECLEVEL=0", "-CAfile", ca)
        # The server answered with TLS's own refusal (a server that spoke no TLS at all would say something else).
        assert code != 0 and "alert protocol version" in output and "Cipher is (NONE)" in output, (version, output)
    for version, name in (("-tls1_2", "TLSv1.2"), ("-tls1_3", "TLSv1.3")):
        code, output = s_client(port, version, "-CAfile", ca, "-verify_return_error", "-verify_hostname", "localhost")
        assert code == 0 and re.search(rf"New, {re.escape(name)}, Cipher is (?!\(NONE\))", output), (version, output)
        assert "Verify return code: 0 (ok)" in output, output

    for option, value in (("-verify_hostname", "localhost"), ("-verify_hostname", LOCAL_NAME),
                          ("-verify_hostname", SHORT_HOST), ("-verify_ip", "127.0.0.1")):
        code, output = s_client(port, "-CAfile", ca, "-verify_return_error", option, value)
        assert code == 0 and "Verify return code: 0 (ok)" in output, (option, value, output)
    for option, value, error in (("-verify_hostname", "outside.example", "hostname mismatch"),
                                 ("-verify_ip", "10.1.2.3", "IP address mismatch")):
        code, output = s_client(port, "-CAfile", ca, "-verify_return_error", option, value)
        assert code != 0 and error in output, (option, value, output)
    # HTTP/2 for a client that offers it; HTTP/1.1 for one that offers only that (a WebSocket's connection).
    for offered, chosen in (("h2,http/1.1", "h2"), ("http/1.1", "http/1.1")):
        code, output = s_client(port, "-CAfile", ca, "-alpn", offered)
        assert code == 0 and f"ALPN protocol: {chosen}" in output, (offered, output)
    # Without Cadence's CA the chain does not verify: the checks above did verify it.
    code, output = s_client(port, "-no-CAfile", "-no-CApath", "-no-CAstore", "-verify_return_error")
    assert code != 0 and "unable to get local issuer certificate" in output, output


def test_the_ca_files_the_trust_page_and_its_downloads_agree(https_server):
    folder = https_server.ca_dir
    for name in ("ca-key.pem", "server-key.pem"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name
    root = x509.load_pem_x509_certificate((folder / "ca.pem").read_bytes())
    assert isinstance(root.public_key(), ec.EllipticCurvePublicKey) and root.public_key().curve.name == "secp256r1"
    assert root.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    leaf = x509.load_pem_x509_certificate((folder / "server.pem").read_bytes())
    names = leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert {SHORT_HOST, LOCAL_NAME, "localhost"} <= set(names.get_values_for_type(x509.DNSName))
    assert {ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1")} <= set(names.get_values_for_type(x509.IPAddress))
    assert served_certificate(https_server.port) == leaf

    der = root.public_bytes(serialization.Encoding.DER)
    fingerprint = ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())
    with urllib.request.urlopen(https_server.http_base + "/trust") as response:
        page = response.read().decode()
    assert f'id="ca-fingerprint">{fingerprint}<' in page
    with urllib.request.urlopen(https_server.http_base + "/trust/cadence-ca.crt") as response:
        assert response.headers["Content-Type"] == "application/x-x509-ca-cert" and response.read() == der
    with urllib.request.urlopen(https_server.http_base + "/trust/cadence-ca.mobileconfig") as response:
        profile = response.read().decode()
    assert base64.b64encode(der).decode() in profile and "com.apple.security.root" in profile

    # The plain-HTTP port answers the trust page and sends the rest to HTTPS at the same host.
    opener = urllib.request.build_opener(NoRedirect)
    for path in ("/phone?x=1", "/login"):
        try:
            opener.open(f"{https_server.http_base}{path}")
            raise AssertionError(f"{path} was answered over plain HTTP")
        except urllib.error.HTTPError as redirect:
            assert redirect.code == 308 and redirect.headers["Location"] == f"https://127.0.0.1:{https_server.port}{path}"


def test_the_root_may_vouch_only_for_private_addresses_local_names_and_this_host(https_server):
    root = x509.load_pem_x509_certificate((https_server.ca_dir / "ca.pem").read_bytes())
    constraints = root.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical and constraints.value.excluded_subtrees is None
    permitted = constraints.value.permitted_subtrees
    dns = {name.value for name in permitted if isinstance(name, x509.DNSName)}
    ranges = {str(name.value) for name in permitted if isinstance(name, x509.IPAddress)}
    assert ranges == {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "fc00::/7", "fe80::/10", "::1/128"}
    assert dns == {"local", "localhost", SHORT_HOST}, dns


# ---------------------------------------------------------------- 1. a browser that trusts Cadence's CA

def test_a_browser_trusting_the_ca_gets_a_secure_context_the_offline_app_and_the_install_offer(browser, https_server, https_account):
    for host in ("127.0.0.1", LOCAL_NAME):
        base = f"https://{host}:{https_server.port}"
        browser.get(base + "/login")
        assert is_cadence_page(browser), (host, interstitial(browser))
        assert secure_context(browser) is True, host
        protocol = browser.execute_script("return performance.getEntriesByType('navigation')[0].nextHopProtocol")
        assert protocol == "h2", (host, protocol)  # the pages come over HTTP/2; the live socket below over HTTP/1.1
        signed_in(browser, base, https_account["email"])

        # /phone/talks is one of the pages the offline worker keeps: it registers and activates over HTTPS.
        browser.get(base + "/phone/talks")
        wait_until(browser, lambda: browser.execute_script(
            "return navigator.serviceWorker.controller && navigator.serviceWorker.controller.state") == "activated",
            timeout=30, message=f"no active service worker controls /phone/talks on {host}")
        scope = browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.getRegistration().then((r) => done(r ? r.scope : null), (e) => done(String(e)));""")
        assert scope == base + "/phone/talks", scope

        # Headless Chromium does fire beforeinstallprompt: the top bar's "Install app" appears.
        install = browser.find_element(By.ID, "install-app")
        wait_until(browser, install.is_displayed, timeout=20, message=f"no install offer on {host}")
        manifest = browser.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest["url"] == base + "/app/phone.webmanifest" and manifest["errors"] == [], manifest
        assert not browser.find_element(By.ID, "https-missing").is_displayed()


def test_the_trust_page_over_https_says_trusted_and_passes_the_page_checks(browser, https_server):
    base = f"https://{LOCAL_NAME}:{https_server.port}"
    paths = shot(browser, base + "/trust", "https")
    assert all(path.stat().st_size > 0 for path in paths)
    fresh(browser, base + "/trust")
    section = browser.find_element(By.ID, "trust-check")
    wait_until(browser, lambda: section.get_attribute("data-trusted") == "yes", message="the https trust page did not say trusted")
    assert "trusts" in browser.find_element(By.ID, "trust-status").text
    assert re.fullmatch(r"([0-9A-F]{2}:){31}[0-9A-F]{2}", browser.find_element(By.ID, "ca-fingerprint").text)
    check_page(browser, "trust page over https")


def test_the_trust_page_on_the_plain_http_port_sees_that_this_browser_trusts_https(browser, https_server):
    paths = shot(browser, f"http://{LOCAL_NAME}:{https_server.http_port}/trust", "http-port")
    assert all(path.stat().st_size > 0 for path in paths)
    fresh(browser, f"http://{LOCAL_NAME}:{https_server.http_port}/trust")
    assert secure_context(browser) is False
    section = browser.find_element(By.ID, "trust-check")
    assert section.get_attribute("data-https-url") == f"https://{LOCAL_NAME}:{https_server.port}"
    wait_until(browser, lambda: section.get_attribute("data-trusted") in ("yes", "no"), message="the trust check never ended")
    assert section.get_attribute("data-trusted") == "yes", browser.find_element(By.ID, "trust-status").text


def test_the_trust_page_on_the_plain_http_port_passes_the_page_checks(browser, https_server):
    fresh(browser, f"http://{LOCAL_NAME}:{https_server.http_port}/trust")
    wait_until(browser, lambda: browser.find_element(By.ID, "trust-check").get_attribute("data-trusted"),
               message="the trust check never ended")
    check_page(browser, "trust page on the plain-HTTP port")


# ---------------------------------------------------------------- 2. the name constraints, in Chromium

def test_a_certificate_for_a_name_inside_the_constraints_signed_by_the_ca_is_accepted(browser, https_server, files_server):
    inside = issue(https_server.ca_dir, files_server.folder, "inside", dns=[INSIDE_NAME, "localhost"], ips=["127.0.0.1"])
    serve_pair(files_server, inside)
    browser.get(f"https://{INSIDE_NAME}:{files_server.port}/login")
    assert is_cadence_page(browser), interstitial(browser)
    assert secure_context(browser) is True


@pytest.mark.parametrize("name", OUTSIDE_NAMES)
def test_a_certificate_for_a_name_outside_the_constraints_signed_by_the_ca_is_refused(browser, https_server, files_server, name):
    outside = issue(https_server.ca_dir, files_server.folder, name, dns=[name])
    # Signed by the very root the browser trusts: only the name can be why it is refused.
    root = x509.load_pem_x509_certificate((https_server.ca_dir / "ca.pem").read_bytes())
    x509.load_pem_x509_certificate(outside.cert.read_bytes()).verify_directly_issued_by(root)
    serve_pair(files_server, outside)
    browser.get(f"https://{name}:{files_server.port}/login")
    title, code = interstitial(browser)
    assert not is_cadence_page(browser) and code is not None, (name, title, code)


# ---------------------------------------------------------------- 4. new certificates without a restart

def test_replaced_files_are_served_without_a_restart_and_a_broken_pair_keeps_the_last_good_one(https_server, files_server):
    ca_dir, folder, port = https_server.ca_dir, files_server.folder, files_server.port
    names = {"dns": ["localhost"], "ips": ["127.0.0.1"]}
    start = issue(ca_dir, folder, "reload-start", **names)
    serve_pair(files_server, start)

    # Renewed as certbot does (new files renamed into place), no signal: the poll finds it.
    renewed = issue(ca_dir, folder, "reload-renewed", **names)
    replace_file(files_server.key, renewed.key)
    replace_file(files_server.cert, renewed.cert)
    eventually(lambda: served_serial(port) == renewed.serial, 20, "the renewed certificate was not served within 20 s")
    assert "Reloaded the HTTPS certificate" in files_server.log_text()

    # Another renewal written in place with the same size, inode and modification time, so the poll cannot see it:
    # only SIGHUP can make the server read it.
    for attempt in range(40):
        hup = issue(ca_dir, folder, f"reload-hup-{attempt}", **names)
        if hup.cert.stat().st_size == files_server.cert.stat().st_size and hup.key.stat().st_size == files_server.key.stat().st_size:
            break
    else:
        raise AssertionError("could not make an equal-sized certificate")
    for target, source in ((files_server.key, hup.key), (files_server.cert, hup.cert)):
        before = target.stat()
        with open(target, "r+b") as file:
            file.write(source.read_bytes())
        os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert served_serial(port) == renewed.serial  # not seen without the signal
    files_server.process.send_signal(signal.SIGHUP)
    eventually(lambda: served_serial(port) == hup.serial, 10, "SIGHUP did not load the new certificate")

    # A broken renewal: the key of another certificate. Logged, and the last good pair kept.
    other = issue(ca_dir, folder, "reload-other", **names)
    broken = issue(ca_dir, folder, "reload-broken", **names)
    replace_file(files_server.key, other.key)
    replace_file(files_server.cert, broken.cert)
    log = eventually(lambda: [line for line in files_server.log_text().splitlines() if "Kept the previous HTTPS certificate" in line],
                     20, "no error was logged for the broken pair")
    assert " error " in log[0], log
    assert files_server.process.poll() is None, "the server stopped"
    assert served_serial(port) == hup.serial
    with urllib.request.urlopen(files_server.base + "/healthz", context=files_server.ssl_context(), timeout=10) as response:
        assert response.status == 200


# ---------------------------------------------------------------- 5. pages that tell the truth

@pytest.fixture(scope="module")
def plain_account(server):
    """An account on the suite's plain-HTTP server, and that server at PLAIN_NAME (not a secure context)."""
    email = unique_email("plain")
    assert api(server, "POST", "/api/v1/auth/register", {"email": email, "displayName": "Pat Plain", "password": PASSWORD})[0] == 201
    return {"email": email, "base": server.replace("127.0.0.1", PLAIN_NAME)}


def test_on_plain_http_each_capability_says_https_is_missing_and_links_to_the_trust_page(browser, plain_account):
    base = plain_account["base"]
    signed_in(browser, base, plain_account["email"])
    browser.get(base + "/phone")
    assert secure_context(browser) is False

    # The phone's home: a banner (and not also the top-bar link).
    banner = browser.find_element(By.ID, "https-banner")
    wait_until(browser, banner.is_displayed, message="no HTTPS banner on the phone's home")
    assert banner.find_element(By.CSS_SELECTOR, "a[href='/trust']").is_displayed()
    assert not browser.find_element(By.ID, "https-missing").is_displayed()
    fresh(browser, base + "/phone")
    wait_until(browser, lambda: browser.find_element(By.ID, "https-banner").is_displayed())
    check_page(browser, "phone home with the HTTPS banner")

    said = {}
    browser.get(base + "/phone/spots")
    top = browser.find_element(By.ID, "https-missing")
    assert top.is_displayed() and top.get_attribute("href") == base + "/trust"
    # Its alerts' notification line (shown before anything is clicked): not "blocked", which no setting would fix.
    said["spots alerts"] = message_of(browser, "#notify-status")
    browser.find_element(By.ID, "share-location").click()
    said["spots list"] = message_of(browser, "#share-status")
    browser.get(base + "/phone/spots/map")
    browser.find_element(By.ID, "show-me").click()
    said["spots map"] = message_of(browser, "#map-status")
    browser.get(base + "/phone/spots/new")
    browser.find_element(By.CSS_SELECTOR, "#part-place > summary").click()  # "+ Place"
    browser.find_element(By.ID, "locate-me").click()
    said["spots edit"] = message_of(browser, "#map-status")
    browser.get(base + "/phone/devices")
    said["devices"] = message_of(browser, "[data-push-status]")
    assert not browser.find_element(By.CSS_SELECTOR, "[data-push-enable]").is_displayed()
    expected = {"spots alerts": "notifications", "spots list": "location", "spots map": "location", "spots edit": "location",
                "devices": "notifications"}
    for page, (what, text, displayed, linked) in said.items():
        assert what == expected[page] and "HTTPS" in text and displayed and linked, (page, said[page])
        assert "denied" not in text.lower() and "blocked" not in text.lower(), (page, text)

    fresh(browser, base + "/trust")
    assert "plain HTTP" in browser.find_element(By.TAG_NAME, "main").text
    check_page(browser, "trust page of a plain-HTTP Cadence")


def test_on_plain_http_the_run_page_says_sensors_need_https(browser, plain_account):
    base = plain_account["base"]
    signed_in(browser, base, plain_account["email"])
    browser.get(base + "/phone/tempo/run")
    what, text, displayed, linked = message_of(browser, "#sensor-status")
    assert what == "sensors" and "denied" not in text.lower()
    assert displayed and linked and "HTTPS" in text, (text, displayed, linked)


def test_over_https_none_of_the_https_messages_show_and_the_capabilities_work(browser, https_server, https_account):
    base = f"https://{LOCAL_NAME}:{https_server.port}"
    signed_in(browser, base, https_account["email"])
    # Headless Chromium answers "denied" to what is not granted: this person allows location and notifications.
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["geolocation", "notifications"]})
    browser.execute_cdp_cmd("Emulation.setGeolocationOverride", {**ELSEWHERE, "accuracy": 10})

    browser.get(base + "/phone")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Hello, Tess Tls"
    assert not browser.find_element(By.ID, "https-banner").is_displayed()

    browser.get(base + "/phone/spots")
    share = browser.find_element(By.ID, "share-location")
    share.click()
    status = browser.find_element(By.ID, "share-status")
    wait_until(browser, lambda: "±10 m" in status.text, message="sharing over https showed no position")
    assert status.get_attribute("data-https-missing") is None
    assert not browser.find_element(By.ID, "https-missing").is_displayed()
    share.click()  # stop sharing
    wait_until(browser, lambda: share.get_attribute("aria-pressed") == "false")

    browser.get(base + "/phone/spots/map")
    browser.find_element(By.ID, "show-me").click()
    wait_until(browser, lambda: browser.find_element(By.ID, "spots-map").get_attribute("data-me"), message="show me found no position")
    assert browser.find_element(By.ID, "map-status").get_attribute("data-https-missing") is None

    browser.get(base + "/phone/spots/new")
    browser.find_element(By.CSS_SELECTOR, "#part-place > summary").click()  # "+ Place"
    browser.find_element(By.ID, "locate-me").click()
    wait_until(browser, lambda: "±10 m" in browser.find_element(By.ID, "map-status").text, message="use my location did not pin")
    assert browser.find_element(By.ID, "map-status").get_attribute("data-https-missing") is None

    browser.get(base + "/phone/devices")
    wait_until(browser, browser.find_element(By.CSS_SELECTOR, "[data-push-enable]").is_displayed,
               message="no notifications button over https")
    assert browser.find_element(By.CSS_SELECTOR, "[data-push-status]").get_attribute("data-https-missing") is None

    browser.get(base + "/phone/tempo/run")
    wait_until(browser, lambda: browser.find_element(By.ID, "run-plan").is_displayed())
    assert browser.find_element(By.ID, "sensor-status").get_attribute("data-https-missing") is None
    assert not browser.find_element(By.ID, "https-missing").is_displayed()
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-https-missing]")


# ---------------------------------------------------------------- 6. the live channel and push over TLS

def live_socket_over_wss_receives_an_alert(browser, base, api_base, token, context, title):
    """Reloads the Spots page at `base` (signed in): its live socket opens at wss://…/api/v1/live (101), comes
    online, and shows the alert that a place reminder made through `api_base` fires."""
    browser.get(base + "/phone/spots")
    page = CDPSession.page(browser)
    try:
        page.send("Network.enable")
        page.send("Page.reload")
        created = page.wait_event("Network.webSocketCreated", lambda params: "/api/v1/live" in params["url"], timeout=30)
        assert created["url"].startswith(base.replace("https://", "wss://", 1) + "/api/v1/live"), created
        page.wait_event("Network.webSocketHandshakeResponseReceived",
                        lambda params: params["requestId"] == created["requestId"] and params["response"]["status"] == 101,
                        timeout=30)
    finally:
        page.close()
    wait_until(browser, lambda: browser.find_element(By.ID, "live-status").get_attribute("data-state") == "online",
               timeout=30, message="the live channel never came online over wss")
    fire_place_alert(api_base, token, title, context)
    wait_until(browser, lambda: any(title in item.text for item in
                                    browser.find_elements(By.CSS_SELECTOR, "#spots-alert .spots-alert-item")),
               timeout=30, message="the alert never reached the page over the live channel")


def test_the_live_channel_connects_over_wss_and_receives_an_alert(browser, https_server, https_account):
    base = f"https://{LOCAL_NAME}:{https_server.port}"
    signed_in(browser, base, https_account["email"])
    live_socket_over_wss_receives_an_alert(browser, base, https_server.base, https_account["token"], https_server.context,
                                           "Alert over TLS")


def worker_for_scope(driver, scope, timeout=20):
    """The DevTools session of the service worker whose registration has `scope` (several share /sw.js)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        for target in targets(driver):
            if target["type"] != "service_worker":
                continue
            session = CDPSession(target["webSocketDebuggerUrl"])
            try:
                if session.evaluate("self.registration.scope") == scope:
                    return session
            except AssertionError:
                pass
            session.close()
        time.sleep(0.3)
    raise AssertionError(f"no service worker for {scope}")


def push_subscribes_and_the_worker_shows_it(browser, base, api_base, token, context, title):
    """On the Devices page at `base` (signed in), turning notifications on subscribes through the page's own flow; a
    place alert fired through `api_base` is pushed to the suite's push service, and the /push/ worker shows it."""
    service = PushService()
    try:
        browser.get(base + "/phone/devices")
        browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
        enable = browser.find_element(By.CSS_SELECTOR, "[data-push-enable]")
        wait_until(browser, enable.is_displayed, message="no notifications button")
        # Headless Chromium has no push service to subscribe with: its PushManager answers with the subscription
        # the suite's push service can decrypt for. Everything else is the page's own flow (permission, the worker
        # at /push/ registered over https, the key, the subscription posted with the page's sign-in).
        keys = PushBrowserKeys()
        subscription = keys.subscription(service.base + "/push/https")
        browser.execute_script("""
            const json = arguments[0];
            PushManager.prototype.getSubscription = async function () { return null; };
            PushManager.prototype.subscribe = async function (options) {
              return { options, toJSON: () => json, unsubscribe: async () => true };
            };""", subscription)
        enable.click()
        kept = eventually(lambda: api(api_base, "GET", "/api/v1/push/subscriptions", token=token, context=context)[1], 20,
                          "the page's subscription did not reach the server")
        assert len(kept) == 1 and kept[0]["service"].startswith("127.0.0.1"), kept  # the endpoint itself is not shown
        wait_until(browser, lambda: browser.execute_script("return document.readyState") == "complete")

        worker = worker_for_scope(browser, base + "/push/")
        page = CDPSession.page(browser)
        try:
            page.send("ServiceWorker.enable")
            registration = page.wait_event("ServiceWorker.workerRegistrationUpdated", lambda params: any(
                r["scopeURL"] == base + "/push/" for r in params["registrations"]))
            registration_id = next(r["registrationId"] for r in registration["registrations"] if r["scopeURL"] == base + "/push/")
            fire_place_alert(api_base, token, title, context)
            [(_, _, body, vapid_ok)] = service.wait_for("/push/https", 1)
            assert vapid_ok
            page.send("ServiceWorker.deliverPushMessage",
                      {"origin": base, "registrationId": registration_id, "data": keys.decrypt(body).decode()})
            shown = eventually(lambda: worker.evaluate(
                "self.registration.getNotifications().then((shown) => shown.map((n) => ({ title: n.title, body: n.body })))"),
                60, "the worker showed no notification")  # seconds on a CI machine running every suite beside it
            assert shown == [{"title": title, "body": "You arrived at Brandenburg Gate."}], shown
        finally:
            page.close()
            worker.close()
    finally:
        service.close()


def test_a_page_served_over_https_subscribes_to_push_and_its_worker_shows_the_push(browser, https_server, https_account):
    base = f"https://{LOCAL_NAME}:{https_server.port}"
    signed_in(browser, base, https_account["email"])
    push_subscribes_and_the_worker_shows_it(browser, base, https_server.base, https_account["token"], https_server.context,
                                            "Pushed over TLS")


def test_a_watch_takes_the_trust_step_from_the_pairing_and_comes_back_to_pair(browser, https_server, https_account, nss_home):
    """The phone's pairing gives the trust page on the plain-HTTP port with the pairing as where it continues; a watch
    that has installed the CA (the page's steps) checks it, continues to the pairing over HTTPS and pairs."""
    base = f"https://127.0.0.1:{https_server.port}"
    signed_in(browser, base, https_account["email"])
    browser.get(base + "/phone/devices")
    browser.find_element(By.CSS_SELECTOR, "form[action='/phone/devices/pairing'] button").click()
    wait_until(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "[data-testid=pairing-trust-link]"),
               message="the pairing gives no trust step")
    trust_link = browser.find_element(By.CSS_SELECTOR, "[data-testid=pairing-trust-link]").get_attribute("href")
    assert trust_link.startswith(f"http://127.0.0.1:{https_server.http_port}/trust?next=/pair%3Fcode%3D"), trust_link
    check_page(browser, "devices page, a pairing with its trust step")
    watch = new_browser(home=nss_home)
    try:
        set_viewport(watch, 198, 242)
        watch.get(trust_link)
        section = watch.find_element(By.ID, "trust-check")
        wait_until(watch, lambda: section.get_attribute("data-trusted") == "yes", message="the watch's trust check failed")
        onward = watch.find_element(By.ID, "trust-continue-link")
        assert onward.get_attribute("href").startswith(base + "/pair?code="), onward.get_attribute("href")
        watch.get(onward.get_attribute("href"))  # (a tap; the link may sit below a watch's fold)
        watch.find_element(By.NAME, "name").send_keys("Tess's watch")
        watch.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        wait_until(watch, lambda: watch.current_url.startswith(base + "/watch"), message="the watch did not pair")
        assert secure_context(watch) is True
    finally:
        watch.quit()


def test_the_trust_page_continues_only_to_a_path_of_its_own(browser, https_server):
    for next_path, expected in (("/pair%3Fcode%3D123456", "/pair?code=123456"), ("%2F%2Fevil.example", "/"),
                                ("https%3A%2F%2Fevil.example", "/"), ("%2F%5Cevil.example", "/")):
        browser.get(f"http://127.0.0.1:{https_server.http_port}/trust?next={next_path}")
        href = browser.find_element(By.ID, "trust-continue-link").get_attribute("href")
        assert href == f"https://127.0.0.1:{https_server.port}{expected}", (next_path, href)


# ---------------------------------------------------------------- last: stopping (ends the module's HTTPS server)

def test_sigterm_stops_the_https_local_server(https_server):
    """Runs last: it stops the module's --https local server, as systemd or Ctrl-C would."""
    https_server.process.terminate()
    try:
        https_server.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        https_server.process.kill()
        https_server.process.wait(timeout=10)
        raise AssertionError("still running 20 s after SIGTERM")
    # (How it ends is not checked: a plain-HTTP `cadence serve` ends by the signal too, status -15.)
