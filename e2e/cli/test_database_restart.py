"""PostgreSQL restarted under two running instances: requests in the outage get 503 with Retry-After (never a 500 or
a hang), the pool and the LISTEN connection recover by themselves, and a socket on one instance receives every event
published through the other afterwards, in order (the gap fill covers one the listener missed while reconnecting)."""
import json
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import websocket

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import CadenceServer, api, unique_email  # noqa: E402
from postgres_cluster import PostgresCluster  # noqa: E402

HANG = 20  # seconds: past this a request counts as hung


@pytest.fixture
def cluster():
    instance = PostgresCluster()
    yield instance
    instance.close()


def status_of(base, path, token):
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=HANG) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)


class Device:
    """A socket as a device keeps one: when it drops (an unanswered ping while the test was busy elsewhere, say),
    it reconnects with `since` = the last sequence number it saw, as live.js does, and the server replays the rest."""

    def __init__(self, port, token):
        self.port, self.token, self.seq = port, token, None
        self.connect()

    def connect(self):
        since = f"?since={self.seq}" if self.seq is not None else ""
        self.socket = websocket.create_connection(f"ws://127.0.0.1:{self.port}/api/v1/live{since}",
                                                  header=[f"Authorization: Bearer {self.token}"], timeout=HANG)

    def alerts(self, count, deadline):
        received = []
        self.socket.settimeout(1)
        while len(received) < count and time.time() < deadline:
            try:
                message = json.loads(self.socket.recv())
            except websocket.WebSocketTimeoutException:
                continue
            except (websocket.WebSocketConnectionClosedException, ConnectionError):
                self.connect()
                self.socket.settimeout(1)
                continue
            if message.get("seq") is not None:
                self.seq = message["seq"]
            if message.get("type") == "spots.alert":
                received.append(message)
        return received

    def close(self):
        self.socket.close()


def test_a_postgres_restart_is_a_503_and_everything_recovers(cluster):
    a = CadenceServer(log_name="pg-restart-a.log", args=["--database", cluster.url])
    b = CadenceServer(log_name="pg-restart-b.log", args=["--database", cluster.url])
    a.start()
    b.start()
    try:
        status, body = api(a.base, "POST", "/api/v1/auth/register",
                           {"email": unique_email("restart"), "displayName": "Rita", "password": "restart password 1"})
        assert status == 201, body
        token = body["token"]
        places = [(52.52, 13.405), (48.8566, 2.3522)]
        for number, (lat, lon) in enumerate(places):
            status, body = api(b.base, "POST", "/api/v1/spots/reminders",
                               {"title": f"Place {number}", "place": {"name": f"P{number}", "latitude": lat, "longitude": lon}}, token=token)
            assert status == 201, body
        device = Device(a.port, token)
        while device.seq is None:
            message = json.loads(device.socket.recv())
            if message.get("type") == "hello":
                device.seq = message["data"]["seq"]

        cluster.stop()
        answers = [status_of(a.base, "/api/v1/spots/reminders", token) for _ in range(3)]
        answers += [status_of(b.base, "/api/v1/stage/series", token)]
        for status, headers in answers:
            assert status == 503, answers
            assert int(headers.get("Retry-After", "0")) > 0, headers

        cluster.start()
        deadline = time.time() + 30
        while status_of(a.base, "/api/v1/spots/reminders", token)[0] != 200 or status_of(b.base, "/api/v1/spots/reminders", token)[0] != 200:
            assert time.time() < deadline, "the pools did not recover within 30 s of PostgreSQL's return"
            time.sleep(0.5)

        # Two alerts through B, a few seconds apart; the socket on A gets both, in order.
        for lat, lon in places:
            status, body = api(b.base, "POST", "/api/v1/spots/locations",
                               {"reports": [{"latitude": lat, "longitude": lon, "accuracy": 10}]}, token=token)
            assert status == 200 and body["fired"] == 1, body
            time.sleep(4)
        received = device.alerts(2, time.time() + 30)
        assert [m["data"]["title"] if isinstance(m.get("data"), dict) else m for m in received] == ["Place 0", "Place 1"], received
        device.close()
    finally:
        a.close()
        b.close()
