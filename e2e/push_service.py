"""A Web Push service on this machine (RFC 8030's receiving side), for the tests: it takes the pushes Cadence sends
to a subscription's endpoint, checks each one's VAPID token with PyPI `py-vapid` (RFC 8292) and decrypts its body
with `http-ece` (RFC 8291/8188) using the keys the test's browser made, and answers each with the next status of a
script (then 201)."""
import base64
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class PushBrowserKeys:
    """A browser's side of one subscription: its P-256 key pair and auth secret."""

    def __init__(self):
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self, endpoint):
        """What `PushSubscription.toJSON()` gives."""
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": endpoint, "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}

    def decrypt(self, body):
        return http_ece.decrypt(body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm")


class PushService:
    def __init__(self):
        self.received = []  # (path, headers, body, vapid_ok)
        self.arrived = []  # time.time() at which each of `received` came in, at the same index
        self.script = []
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                arrived = time.time()  # once its headers are in, before the body is read
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                authorization = self.headers.get("Authorization", "")
                try:
                    vapid_ok = bool(Vapid02.verify(authorization))
                except Exception:  # noqa: BLE001 — a malformed header is a failed check, recorded as such
                    vapid_ok = False
                with service.lock:
                    service.received.append((self.path, dict(self.headers), body, vapid_ok))
                    service.arrived.append(arrived)
                    status = service.script.pop(0) if service.script else 201
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def answer(self, statuses):
        with self.lock:
            self.script = list(statuses)

    def requests_to(self, path):
        with self.lock:
            return [item for item in self.received if item[0] == path]

    def timed_requests_to(self, path):
        """As `requests_to`, each with the time.time() it arrived at: [(arrived, (path, headers, body, vapid_ok))]."""
        with self.lock:
            return [(at, item) for at, item in zip(self.arrived, self.received) if item[0] == path]

    def wait_for(self, path, count, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if len(self.requests_to(path)) >= count:
                time.sleep(0.5)  # and no more than that
                return self.requests_to(path)
            time.sleep(0.05)
        raise AssertionError(f"{len(self.requests_to(path))} pushes to {path}, expected {count}")

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
