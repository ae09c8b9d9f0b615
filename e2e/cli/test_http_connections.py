"""HTTP connections against a real `cadence serve`: what a client sees when the server refuses a body early,
when a client stalls (slowloris), and when one address opens too many connections (docs/operations.md,
"Connections").

Socket timeouts here only detect a hang (a connection the server never closes); nothing asserts how fast
the server is.
"""
import http.client
import json
import select
import socket
import time

import pytest
import websocket

from conftest import CadenceServer, api, unique_email
from cli.test_cli import cadence

REFUSED_BODY = 64 * 1024 * 1024  # far over the 1 MiB JSON limit
HANG = 60  # seconds after which a connection the server should have answered or closed counts as hung
HEADER_TIMEOUT = 2
IDLE_TIMEOUT = 3
MARGIN = 15  # added to a timeout before a connection still open counts as never closed


def started(log_name, *args):
    instance = CadenceServer(log_name=log_name, args=args)
    instance.start()
    return instance


@pytest.fixture(scope="module")
def plain():
    """A server with the default timeouts and cap."""
    instance = started("http-connections.log")
    yield instance
    instance.close()


@pytest.fixture(scope="module")
def strict():
    """A server with short timeouts, so stalled connections end within the test."""
    instance = started("http-timeouts.log", "--header-timeout", str(HEADER_TIMEOUT), "--idle-timeout", str(IDLE_TIMEOUT))
    yield instance
    instance.close()


def connect(server, timeout=HANG):
    return socket.create_connection(("127.0.0.1", server.port), timeout=timeout)


def read_until_closed(sock, limit):
    """Everything the server sends until it closes the connection; fails when it is still open after `limit` s."""
    received = b""
    deadline = time.monotonic() + limit
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"the server kept the connection open for {limit} s; it sent {received[:300]!r}")
        sock.settimeout(remaining)
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return received
        except socket.timeout:
            continue
        if not chunk:
            return received
        received += chunk


def parse_response(raw):
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return status, headers, body


def read_one_response(sock):
    """One response with a Content-Length, leaving the connection as the server left it."""
    raw = b""
    while b"\r\n\r\n" not in raw:
        chunk = sock.recv(65536)
        assert chunk, f"the server closed the connection before answering: {raw!r}"
        raw += chunk
    status, headers, body = parse_response(raw)
    while len(body) < int(headers["content-length"]):
        body += sock.recv(65536)
    return status, headers, body


def register_head(length, connection=None):
    lines = ["POST /api/v1/auth/register HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json",
             f"Content-Length: {length}"]
    if connection:
        lines.append(f"Connection: {connection}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def assert_body_too_large(status, body):
    assert status == 413
    assert json.loads(body)["error"]["code"] == "body_too_large"


# Item 19: an answer given before the body was read closes the connection (RFC 9112 §9.6).

@pytest.mark.parametrize("connection", ["close", None])
def test_http_client_writing_a_refused_body_before_reading_gets_the_413(plain, connection):
    client = http.client.HTTPConnection("127.0.0.1", plain.port, timeout=HANG)
    headers = {"Content-Type": "application/json"} | ({"Connection": connection} if connection else {})
    try:
        client.request("POST", "/api/v1/auth/register", body=bytes(REFUSED_BODY), headers=headers)
        response = client.getresponse()
        assert_body_too_large(response.status, response.read())
        # The server will not read the rest of such a body as a next request: it says it closes.
        assert response.getheader("Connection") == "close"
    finally:
        client.close()
    assert api(plain.base, "GET", "/healthz")[0] == 200


@pytest.mark.parametrize("connection", ["close", None])
def test_a_socket_writing_the_whole_refused_body_then_reading_gets_the_413_and_the_close(plain, connection):
    with connect(plain) as sock:
        sock.sendall(register_head(REFUSED_BODY, connection))
        sock.sendall(bytes(REFUSED_BODY))
        status, headers, body = parse_response(read_until_closed(sock, HANG))
    assert_body_too_large(status, body)
    assert headers["connection"] == "close"


@pytest.mark.parametrize("connection", ["close", None])
def test_a_socket_that_waits_after_the_head_gets_the_413_and_the_close(plain, connection):
    with connect(plain) as sock:
        sock.sendall(register_head(REFUSED_BODY, connection))
        status, headers, body = parse_response(read_until_closed(sock, HANG))
    assert_body_too_large(status, body)
    assert headers["connection"] == "close"


def test_a_kept_alive_connection_still_serves_requests_whose_body_was_read(plain):
    body = json.dumps({"email": unique_email("keep"), "displayName": "Keep", "password": "kept alive 1"}).encode()
    with connect(plain) as sock:
        for _ in range(2):
            sock.sendall(register_head(len(body)) + body)
            status, headers, _ = read_one_response(sock)
            assert headers.get("connection") != "close"
            body = json.dumps({"email": unique_email("keep"), "displayName": "Keep", "password": "kept alive 1"}).encode()
        assert status == 201


# Item 20: header-read and idle timeouts, and a cap on connections per address.

def test_a_half_sent_request_line_is_answered_408_and_closed(strict):
    with connect(strict) as sock:
        sock.sendall(b"GET /healthz HT")
        answer = read_until_closed(sock, HEADER_TIMEOUT + MARGIN)
    assert answer.startswith(b"HTTP/1.1 408"), answer


def test_a_head_trickled_a_byte_at_a_time_is_closed_after_the_header_timeout(strict):
    # Each byte comes well within the idle timeout; the head as a whole takes too long.
    deadline = time.monotonic() + HEADER_TIMEOUT + IDLE_TIMEOUT + MARGIN
    with connect(strict) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        while True:
            assert time.monotonic() < deadline, "the server kept reading a head that never ends"
            if select.select([sock], [], [], 0.5)[0]:
                answer = read_until_closed(sock, MARGIN)
                break
            try:
                sock.sendall(b"a")
            except (BrokenPipeError, ConnectionResetError):
                answer = b""
                break
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer


def test_a_connection_that_sends_nothing_is_closed_after_the_idle_timeout(strict):
    with connect(strict) as sock:
        assert read_until_closed(sock, IDLE_TIMEOUT + MARGIN) == b""


def test_a_kept_alive_connection_is_closed_after_the_idle_timeout(strict):
    with connect(strict) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        status, _, _ = read_one_response(sock)
        assert status == 200
        assert read_until_closed(sock, IDLE_TIMEOUT + MARGIN) == b""


def test_a_body_that_stops_arriving_is_closed_after_the_idle_timeout(strict):
    with connect(strict) as sock:
        sock.sendall(register_head(100) + b'{"email": ')
        assert read_until_closed(sock, IDLE_TIMEOUT + MARGIN) == b""


def test_a_slow_but_steady_upload_is_served(strict):
    email = unique_email("slow")
    body = json.dumps({"email": email, "displayName": "Slow Upload", "password": "slow but steady"}).encode()
    pieces = [body[i:i + 8] for i in range(0, len(body), 8)]
    interval = IDLE_TIMEOUT / 4
    assert len(pieces) * interval > HEADER_TIMEOUT + IDLE_TIMEOUT  # longer than both timeouts together
    with connect(strict) as sock:
        sock.sendall(register_head(len(body)))
        for piece in pieces:
            time.sleep(interval)
            sock.sendall(piece)
        status, _, answer = read_one_response(sock)
    assert status == 201, answer
    assert json.loads(answer)["account"]["email"] == email


def live_socket(server):
    status, body = api(server.base, "POST", "/api/v1/auth/register",
                       {"email": unique_email("frames"), "displayName": "Frames", "password": "frames password"})
    assert status == 201
    live = websocket.create_connection(f"ws://127.0.0.1:{server.port}/api/v1/live",
                                       header=[f"Authorization: Bearer {body['token']}"], timeout=HANG)
    wait_for_message(live, "hello")
    return live


def test_a_websocket_outlives_the_timeouts(strict):
    live = live_socket(strict)
    try:
        time.sleep(HEADER_TIMEOUT + IDLE_TIMEOUT + 1)
        live.send(json.dumps({"type": "ping"}))
        wait_for_message(live, "pong")
    finally:
        live.close()


def wait_for_message(live, kind):
    while True:
        message = json.loads(live.recv())
        if message.get("type") == kind:
            return message


def test_connections_over_the_per_address_cap_are_closed_at_once():
    server = started("http-cap.log", "--max-connections-per-address", "3")
    try:
        held = []
        for _ in range(3):
            sock = connect(server)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert read_one_response(sock)[0] == 200
            held.append(sock)
        with connect(server) as extra:
            try:
                extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
            assert read_until_closed(extra, MARGIN) == b""
        held.pop().close()
        # Once one closes, the address may connect again (the server notices the close a moment later).
        deadline = time.monotonic() + MARGIN
        while not served(server):
            assert time.monotonic() < deadline, "a connection was refused after another one closed"
            time.sleep(0.2)
        for sock in held:
            sock.close()
        assert "too many connections from 127.0.0.1" in server.log_text()
    finally:
        server.close()


def served(server):
    try:
        return api(server.base, "GET", "/healthz")[0] == 200
    except OSError:
        return False


def test_a_stop_does_not_wait_for_connections_that_asked_for_nothing():
    server = started("http-stop.log")  # default timeouts, far longer than the wait below
    try:
        silent, half = connect(server), connect(server)
        half.sendall(b"GET /healthz HT")
        assert served(server)
        server.process.terminate()
        server.process.wait(timeout=10)
        assert read_until_closed(silent, MARGIN) == b""
        silent.close()
        half.close()
    finally:
        server.close()


@pytest.mark.parametrize("flag", ["--header-timeout", "--idle-timeout", "--max-connections-per-address", "--media-cache"])
def test_connection_flags_refuse_unusable_values(flag):
    result = cadence("serve", f"{flag}=-1")
    assert result.returncode != 0
    assert flag in result.stderr


# Issue 35, item 9: a head that is not HTTP/1.1 is answered 400 at once and closed; before, it waited for the
# 15-s header timeout and got 408 (and a chunk size that is no number got a 500).
MALFORMED = {
    "a chunk size that is no number": b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                      b"Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n",
    "Content-Length and Transfer-Encoding": b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                                            b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "two Content-Lengths": b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
    "bare LF": b"GET /healthz HTTP/1.1\nHost: x\n\n",
    "obs-fold": b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n 2\r\n\r\n",
    "a NUL in a header": b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n",
    "HTTP/0.9": b"GET /healthz\r\n\r\n",
    "a negative Content-Length": b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
    "a huge Content-Length": b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n",
    "a bad second request": b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n"
                            b"Content-Length: 2\r\n\r\n",
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_request_that_is_not_http_1_1_is_answered_400_at_once_and_closed(plain, case):
    with connect(plain) as sock:
        sock.sendall(MALFORMED[case])
        # Well inside the 15-s header timeout, whose 408 is what such a request got before.
        raw = read_until_closed(sock, 10)
    last = raw[raw.rfind(b"HTTP/1.1 "):]
    status, headers, body = parse_response(last)
    assert status == 400, raw[:300]
    assert headers.get("connection") == "close"
    if body:
        assert json.loads(body)["error"]["code"] == "malformed_request", body
    assert served(plain)


@pytest.mark.parametrize("connection", [["keep-alive", "close"], ["keep-alive, close"], ["Close"]])
def test_connection_close_wins_over_keep_alive(plain, connection):
    with connect(plain) as sock:
        lines = ["GET /healthz HTTP/1.1", "Host: x"] + [f"Connection: {value}" for value in connection]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        raw = read_until_closed(sock, 10)
    status, headers, _ = parse_response(raw)
    assert status == 200 and headers.get("connection") == "close", raw[:300]


def close_code(live):
    """The code of the close frame the server sends next (skipping messages before it)."""
    while True:
        frame = live.recv_frame()
        if frame.opcode == websocket.ABNF.OPCODE_CLOSE:
            return int.from_bytes(frame.data[:2], "big")


# Item 10: RFC 6455 §5.1, §5.2 and §7.4 make each of these a protocol error (close 1002); before, the server took
# them (and echoed the code 999 back).
FRAMES = {
    "a reserved bit set": dict(opcode=websocket.ABNF.OPCODE_TEXT, rsv1=1, data='{"type":"ping"}'),
    "an unmasked frame": dict(opcode=websocket.ABNF.OPCODE_TEXT, mask_value=0, data='{"type":"ping"}'),
    "a close code of 999": dict(opcode=websocket.ABNF.OPCODE_CLOSE, data=(999).to_bytes(2, "big")),
    "a close code reserved for reports": dict(opcode=websocket.ABNF.OPCODE_CLOSE, data=(1006).to_bytes(2, "big")),
}


@pytest.mark.parametrize("case", sorted(FRAMES))
def test_a_frame_breaking_the_protocol_is_closed_with_1002(plain, case):
    live = live_socket(plain)
    try:
        live.send_frame(websocket.ABNF(fin=1, **FRAMES[case]))
        assert close_code(live) == 1002
    finally:
        live.shutdown()


def test_a_close_code_an_application_may_send_is_echoed(plain):
    live = live_socket(plain)
    try:
        live.send_frame(websocket.ABNF(fin=1, opcode=websocket.ABNF.OPCODE_CLOSE, data=(4001).to_bytes(2, "big")))
        assert close_code(live) == 4001
    finally:
        live.shutdown()
