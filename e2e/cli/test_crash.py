"""`kill -9` of the server while registrations, deck imports and run samples are being written, on SQLite and on
PostgreSQL: after a restart every acknowledged write is there, and no half-written media file or row is visible
(every picture a deck names is served whole, with the checksum its ETag promises)."""
import hashlib
import http.client
import io
import json
import os
import signal
import struct
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
import zipfile
import zlib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import CadenceServer, api, unique_email  # noqa: E402
from postgres_cluster import PostgresCluster  # noqa: E402

PASSWORD = "crash password 1"
START = 1_793_516_400_000  # 2026-11-01T07:00:00Z, when the run began
# What a writer sees when the server is killed under it: a refused connection, or an answer cut short (not an
# acknowledgement either way).
SERVER_GONE = (OSError, http.client.HTTPException)


def png(width, height, shade):
    raw = b"".join(b"\x00" + bytes([shade, 255 - shade, 128]) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def deck_zip(seed):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for n in range(3):
            archive.writestr(f"{n + 1}.png", png(400 + n, 300, (seed * 7 + n) % 256))
    return out.getvalue()


def post(base, path, token, data, content_type):
    request = urllib.request.Request(base + path, data=data, method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class Writers:
    """Three kinds of writes in threads, each remembered only once the server acknowledged it."""

    def __init__(self, base, token, run_id):
        self.base, self.token, self.run_id = base, token, run_id
        self.emails, self.imports, self.samples = [], [], 0
        self.stop = threading.Event()

    def register(self):
        while not self.stop.is_set():
            email = unique_email("crash")
            try:
                status, _ = api(self.base, "POST", "/api/v1/auth/register", {"email": email, "displayName": "C", "password": PASSWORD})
            except SERVER_GONE:
                return
            if status == 201:
                self.emails.append(email)

    def import_decks(self):
        seed = 0
        while not self.stop.is_set():
            seed += 1
            try:
                job = post(self.base, "/api/v1/stage/imports?filename=d.zip", self.token, deck_zip(seed), "application/zip")
            except SERVER_GONE:
                return
            self.imports.append(job["id"])

    def add_samples(self):
        second = 0
        while not self.stop.is_set():
            batch = [{"t": START + (second + i) * 1000, "lat": 45 + (second + i) * 0.0001, "lon": 7, "cadence": 170} for i in range(20)]
            try:
                status, body = api(self.base, "POST", f"/api/v1/tempo/runs/{self.run_id}/samples", {"samples": batch}, token=self.token)
            except SERVER_GONE:
                return
            if status == 200:
                self.samples = second + 20
            second += 20

    def run_for(self, seconds, server):
        threads = [threading.Thread(target=work) for work in (self.register, self.import_decks, self.add_samples)]
        for thread in threads:
            thread.start()
        time.sleep(seconds)
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait()
        self.stop.set()
        for thread in threads:
            thread.join(timeout=60)


@pytest.mark.parametrize("engine", ["sqlite", "postgres"])
def test_a_killed_server_keeps_every_acknowledged_write_and_no_half_file(engine):
    cluster = PostgresCluster() if engine == "postgres" else None
    server = CadenceServer(log_name=f"crash-{engine}.log", args=["--database", cluster.url] if cluster else [])
    try:
        server.start()
        status, body = api(server.base, "POST", "/api/v1/auth/register",
                           {"email": unique_email("owner"), "displayName": "Owner", "password": PASSWORD})
        token = body["token"]
        run_id = str(uuid.uuid4())
        status, body = api(server.base, "POST", "/api/v1/tempo/runs", {"id": run_id, "startedAt": "2026-11-01T07:00:00Z"}, token=token)
        assert status == 201, body
        writers = Writers(server.base, token, run_id)
        writers.run_for(4, server)
        assert writers.emails and writers.samples, "writes were acknowledged before the kill"

        server.start()
        for email in writers.emails:
            status, _ = api(server.base, "POST", "/api/v1/auth/login", {"email": email, "password": PASSWORD})
            assert status == 200, f"{email} was acknowledged but is gone"
        status, run = api(server.base, "GET", f"/api/v1/tempo/runs/{run_id}", token=token)
        assert status == 200 and run["cleaning"]["inputCount"] >= writers.samples, (writers.samples, run.get("cleaning"))
        status, series = api(server.base, "GET", "/api/v1/stage/series", token=token)
        served = 0
        for item in series:
            status, shown = api(server.base, "GET", f"/api/v1/stage/series/{item['id']}", token=token)
            for talk in shown["talks"]:
                status, deck = api(server.base, "GET", f"/api/v1/stage/talks/{talk['id']}/deck", token=token)
                for slide in deck["slides"] if isinstance(deck, dict) else deck:
                    request = urllib.request.Request(server.base + slide["media"], headers={"Authorization": f"Bearer {token}"})
                    with urllib.request.urlopen(request, timeout=30) as response:
                        data = response.read()
                        assert response.headers["ETag"] == f'"{hashlib.sha256(data).hexdigest()}"', slide["media"]
                    served += 1
        assert served > 0, "imports landed before the kill"
    finally:
        server.close()
        if cluster:
            cluster.close()
