"""E-mail from `cadence serve` to a real SMTP server (aiosmtpd) over TLS: STARTTLS with AUTH, implicit TLS
(smtps://), a certificate made here and trusted through --smtp-ca-file; headers that survive any talk title.

The handout of a talk is mailed because its subject carries the talk's title, which comes from the imported
file's name: text a person chose, line breaks included.
"""
import email
import email.policy
import email.utils
import io
import json
import ssl
import subprocess
import threading
import time
import urllib.parse
import urllib.request
import zipfile
from datetime import datetime, timedelta, timezone

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from browser.test_stage_edit import make_png
from cli.test_cli import cadence
from conftest import CadenceServer, api, free_port, unique_email

USER, PASSWORD = "mailer", "relay secret"
# The implicit-TLS and plain servers take AUTH without STARTTLS on purpose (see smtp_server).
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


@pytest.fixture(scope="module")
def certificates(tmp_path_factory):
    """A CA of this test's own and a certificate it signed for localhost and 127.0.0.1."""
    folder = tmp_path_factory.mktemp("tls")

    def openssl(*args):
        subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=folder)

    key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl("req", "-x509", *key, "-days", "2", "-subj", "/CN=Cadence test CA", "-keyout", "ca.key", "-out", "ca.pem",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    openssl("req", *key, "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr")
    (folder / "server.ext").write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n"
                                       "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
            "-extfile", "server.ext", "-out", "server.pem")
    return {"ca": str(folder / "ca.pem"), "cert": str(folder / "server.pem"), "key": str(folder / "server.key")}


class Mailbox:
    """What the SMTP server received, with how each message came (TLS, signed in as whom)."""

    def __init__(self):
        self.messages = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.messages.append({"to": envelope.rcpt_tos, "content": envelope.content,
                                  "tls": server.transport.get_extra_info("ssl_object") is not None,
                                  "login": session.auth_data if session.authenticated else None})
        return "250 Message accepted"

    def wait_for(self, recipient, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                for message in self.messages:
                    if recipient in message["to"]:
                        return message
            time.sleep(0.1)
        raise AssertionError(f"no e-mail reached {recipient} within {timeout} s")


def authenticator(server, session, envelope, mechanism, auth_data):
    known = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == (USER.encode(), PASSWORD.encode())
    return AuthResult(success=known, auth_data=auth_data.login if known else None)


def smtp_server(certificates, kind):
    """`starttls` (required before AUTH and mail), `implicit` (TLS from the first byte), or `plain` (no TLS at all)."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificates["cert"], certificates["key"])
    mailbox = Mailbox()
    options = {"hostname": "127.0.0.1", "port": free_port(), "authenticator": authenticator, "auth_required": True}
    if kind == "starttls":
        controller = Controller(mailbox, tls_context=context, require_starttls=True, **options)
    elif kind == "implicit":
        # aiosmtpd counts only STARTTLS as TLS for AUTH; here the whole connection is TLS.
        controller = Controller(mailbox, ssl_context=context, auth_require_tls=False, **options)
    else:
        # It would take AUTH and the message in the clear: refusing is up to Cadence.
        controller = Controller(mailbox, auth_require_tls=False, **options)
    controller.start()
    return controller, mailbox


@pytest.fixture
def mail_setup(certificates):
    """A function that starts an SMTP server of a kind and a Cadence server sending through it, answering
    (cadence server, mailbox); both stop after the test."""
    smtp_servers, cadence_servers = [], []

    def start(kind, url_template, trust=True):
        controller, mailbox = smtp_server(certificates, kind)
        smtp_servers.append(controller)
        url = url_template.format(user=USER, password=urllib.parse.quote(PASSWORD), port=controller.port)
        args = ["--smtp-url", url] + (["--smtp-ca-file", certificates["ca"]] if trust else [])
        server = CadenceServer(log_name="smtp-tls.log", args=args)
        cadence_servers.append(server)
        server.start()
        return server, mailbox

    yield start
    for server in cadence_servers:
        server.close()
    for controller in smtp_servers:
        controller.stop()


def talk_titled(server, title, tmp_path):
    """A new account with one talk whose title is `title` (a ZIP of one picture named after it); returns (email, token, talk id)."""
    address = unique_email("mail")
    status, body = api(server.base, "POST", "/api/v1/auth/register",
                       {"email": address, "displayName": "Mail", "password": "mail password 1"})
    assert status == 201
    token = body["token"]
    deck = io.BytesIO()
    with zipfile.ZipFile(deck, "w") as archive:
        archive.write(make_png(tmp_path / "slide.png"), "1.png")
    query = urllib.parse.urlencode({"filename": f"{title}.zip", "seriesTitle": "Mail"}, quote_via=urllib.parse.quote)
    request = urllib.request.Request(f"{server.base}/api/v1/stage/imports?{query}", data=deck.getvalue(), method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/zip"})
    job_id = json.loads(urllib.request.urlopen(request).read())["id"]
    deadline = time.time() + 60
    while True:
        job = api(server.base, "GET", f"/api/v1/stage/imports/{job_id}", token=token)[1]
        if job["state"] in ("done", "failed"):
            break
        assert time.time() < deadline, job
        time.sleep(0.2)
    assert job["state"] == "done", job
    talk = api(server.base, "GET", f"/api/v1/stage/talks/{job['talkId']}", token=token)[1]
    assert talk["title"] == title  # the title as imported, line breaks and all
    return address, token, job["talkId"]


def email_handout(server, token, talk_id):
    return api(server.base, "POST", f"/api/v1/stage/talks/{talk_id}/handout/email", token=token)


def parsed(message):
    return email.message_from_bytes(message["content"], policy=email.policy.default)


def test_starttls_with_auth_delivers_a_non_ascii_subject_encoded_and_dated(mail_setup, tmp_path):
    server, mailbox = mail_setup("starttls", "smtp://{user}:{password}@localhost:{port}?from=cadence@example.org&starttls=required")
    title = "Ünïcode café — naïve résumé of the 2026 season, ½ time 🎤, with a tail long enough to fold"
    address, token, talk_id = talk_titled(server, title, tmp_path)
    assert email_handout(server, token, talk_id) == (202, {"sentTo": address})
    received = mailbox.wait_for(address)
    assert received["tls"], "the message travelled without TLS"
    assert received["login"] == USER.encode()
    message = parsed(received)
    assert message["Subject"] == f"Handout: {title}"
    head = received["content"].split(b"\r\n\r\n")[0]
    assert all(line.isascii() and len(line) <= 78 for line in head.split(b"\r\n")), head
    sent = email.utils.parsedate_to_datetime(message["Date"])
    assert sent.tzinfo is not None and abs(datetime.now(timezone.utc) - sent) < timedelta(hours=1), message["Date"]
    assert message["Message-ID"].endswith("@example.org>")
    [attachment] = message.iter_attachments()
    assert attachment.get_content_type() == "application/pdf"
    assert attachment.get_content().startswith(b"%PDF")


def test_a_title_with_a_line_break_injects_no_header(mail_setup, tmp_path):
    server, mailbox = mail_setup("starttls", "smtp://{user}:{password}@localhost:{port}?from=cadence@example.org&starttls=required")
    address, token, talk_id = talk_titled(server, "Quarterly review\r\nBcc: intruder@example.org", tmp_path)
    assert email_handout(server, token, talk_id)[0] == 202
    received = mailbox.wait_for(address)
    assert received["to"] == [address]
    message = parsed(received)
    assert message["Bcc"] is None
    assert message["Subject"] == "Handout: Quarterly review Bcc: intruder@example.org"
    assert set(message.keys()) == {"From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type"}


def test_implicit_tls_delivers(mail_setup, tmp_path):
    # By address: the certificate names 127.0.0.1 too, and an address is checked against that, not sent as SNI.
    server, mailbox = mail_setup("implicit", "smtps://{user}:{password}@127.0.0.1:{port}?from=cadence@example.org")
    address, token, talk_id = talk_titled(server, "Straight to TLS", tmp_path)
    assert email_handout(server, token, talk_id)[0] == 202
    received = mailbox.wait_for(address)
    assert received["tls"]
    assert parsed(received)["Subject"] == "Handout: Straight to TLS"


def test_a_server_without_tls_is_refused_when_tls_is_required(mail_setup, tmp_path):
    server, mailbox = mail_setup("plain", "smtp://{user}:{password}@localhost:{port}?from=cadence@example.org&starttls=required")
    address, token, talk_id = talk_titled(server, "Not in the clear", tmp_path)
    status, body = email_handout(server, token, talk_id)
    assert status == 503 and body["error"]["code"] == "mail_failed"
    time.sleep(1)
    assert mailbox.messages == []
    assert "does not offer STARTTLS" in server.log_text()


def test_an_untrusted_certificate_is_refused(mail_setup, tmp_path):
    server, mailbox = mail_setup("starttls", "smtp://{user}:{password}@localhost:{port}?from=cadence@example.org&starttls=required",
                                 trust=False)
    address, token, talk_id = talk_titled(server, "Who are you", tmp_path)
    status, body = email_handout(server, token, talk_id)
    assert status == 503 and body["error"]["code"] == "mail_failed"
    assert mailbox.messages == []
    assert "TLS with the SMTP server localhost" in server.log_text()


@pytest.mark.parametrize("arguments, message", [
    (["--smtp-url", "smtp://mail.example.org?starttls=maybe"], "the only value is starttls=required"),
    (["--smtp-url", "smtps://mail.example.org?starttls=required"], "starttls does not go with smtps://"),
    (["--smtp-url", "smtp://mail.example.org", "--smtp-ca-file", "/etc/hostname"], "--smtp-ca-file is for TLS"),
    (["--smtp-url", "smtps://mail.example.org", "--smtp-ca-file", "/nonexistent.pem"], "--smtp-ca-file /nonexistent.pem"),
    (["--smtp-url", "smtp://mail.example.org?form=cadence@example.org"], "unknown SMTP URL option \"form\""),
])
def test_unusable_smtp_settings_stop_the_server_with_a_message(arguments, message):
    result = cadence("serve", *arguments)
    assert result.returncode != 0
    assert message in result.stderr
