"""CalDAV sync timing for a VTODO collection, done the way DAVx5 and vdirsyncer-style clients do it.

    # seed Radicale's storage directly (10,000 tasks in a second or two), then time against it
    .venv/bin/python e2e/bench/caldav_sync.py radicale-bench --count 10000

    # the two halves on their own
    .venv/bin/python e2e/bench/caldav_sync.py radicale-seed --storage DIR --user alice --count 10000
    .venv/bin/python e2e/bench/caldav_sync.py sync --url http://127.0.0.1:PORT/alice/tasks/ --user alice --password P

`sync` times, --repeat times each:
  full         one sync-collection REPORT with an empty token (RFC 6578; Depth: 0 and sync-level 1,
               as DAVx5 sends it; asking for getetag), then calendar-multiget REPORTs (RFC 4791 7.9) of
               --batch hrefs each asking for getetag + calendar-data; every 207 is parsed and checked.
  incremental  PUT one item back changed (If-Match: its ETag), then sync-collection with the previous
               token and a multiget of just the changed hrefs; the PUT is inside the timing, as it is
               in a client's upload-then-pull cycle.
and prints {"full_ms": [...], "incremental_ms": [...], "items": n, "raw": {...}} on stdout.

`raw` is the same two syncs timed with a client that does not parse (issue 41): http.client on one keep-alive
connection, every body read to its end and dropped; the multigets ask for the benchmark's own hrefs (the collection
path + each UID + ".ics", known from the seed) and the next sync token is the only text looked for (at either end of the
sync-collection answer). What it times is the server and the wire. One keep-alive
requests.Session carries everything; XML is parsed with the standard library's ElementTree
(e2e/caldav/webdav.py). iCalendar bodies are only checked to be VCALENDARs, not parsed, so the
numbers are the server's and the wire's, not a client's iCalendar parser's.
"""
import argparse
import base64
import datetime as dt
import http.client
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import requests

E2E = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(E2E), str(E2E / "caldav")]  # e2e/caldav is not a package: see test_radicale.py

import webdav  # noqa: E402
from scenarios import vtodo_ics  # noqa: E402


def radicale_seed(storage, user, count, collection="tasks"):
    """Writes `count` VTODOs straight into Radicale's multifilesystem layout as collection USER/COLLECTION/.

    The .Radicale.props make it a VTODO calendar, as MKCALENDAR would. Radicale builds its item
    cache (.Radicale.cache) on the first request that reads them, so time one sync before trusting numbers.
    """
    folder = Path(storage) / "collection-root" / user / collection
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ".Radicale.props").write_text(json.dumps(
        {"C:supported-calendar-component-set": "VTODO", "D:displayname": "Bench tasks", "tag": "VCALENDAR"}))
    for uid, text in tasks(count):
        (folder / f"{uid}.ics").write_text(text, newline="")
    return folder


def tasks(count):
    """The benchmark's tasks, the same for every server: (uid, iCalendar text)."""
    first_due = dt.datetime(2031, 1, 1, 9, tzinfo=dt.timezone.utc)
    for i in range(count):
        uid = f"bench-{i:06d}"
        yield uid, vtodo_ics(uid, f"Bench task {i}", due=first_due + dt.timedelta(hours=i))


def http_seed(url, user, password, count, workers=8):
    """PUTs the same `count` tasks into the collection at `url` over CalDAV (If-None-Match: *), `workers` at a time."""
    from concurrent.futures import ThreadPoolExecutor
    import threading

    local = threading.local()

    def put(item):
        uid, text = item
        if not hasattr(local, "session"):
            local.session = requests.Session()
            local.session.auth = (user, password)
        response = local.session.put(urljoin(url, f"{uid}.ics"), data=text.encode(),
                                     headers={"Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"})
        if response.status_code not in (201, 204):
            raise RuntimeError(f"PUT {uid} answered {response.status_code}: {response.text[:200]}")

    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(put, tasks(count)))


class SyncClient:
    """The client half of a CalDAV sync over one keep-alive session."""

    def __init__(self, url, user, password, batch):
        self.url, self.batch = url, batch
        self.session = requests.Session()
        self.session.auth = (user, password)

    def changes(self, token):
        """sync-collection from `token` (None: everything): ({href: etag} present, {href} deleted, new token).

        Follows RFC 6578 3.6 truncation: a 507 on the collection itself means "ask again from the new token".
        """
        present, deleted = {}, set()
        while True:
            responses, new_token = webdav.sync_collection(self.session, self.url, token)
            truncated = False
            for response in responses:
                if response.status == 507 and webdav.path_of(response.href) == webdav.path_of(self.url):
                    truncated = True
                elif response.status == 404:
                    deleted.add(response.href)
                    present.pop(response.href, None)
                else:
                    assert response.status is None, (response.href, response.status)
                    present[response.href] = response.text(webdav.GETETAG)
                    deleted.discard(response.href)
            token = new_token
            if not truncated:
                return present, deleted, token

    def multiget(self, hrefs):
        """calendar-multiget in batches: {href: (etag, calendar-data)} for every href asked for."""
        items = {}
        hrefs = list(hrefs)
        for start in range(0, len(hrefs), self.batch):
            chunk = hrefs[start:start + self.batch]
            responses, _ = webdav.multistatus(self.session, "REPORT", self.url, webdav.calendar_multiget_body(chunk))
            for response in responses:
                etag, data = response.text(webdav.GETETAG), response.text(webdav.CALENDAR_DATA)
                assert response.status is None and etag and data and data.lstrip().startswith("BEGIN:VCALENDAR"), \
                    (response.href, response.status, response.prop_status)
                items[response.href] = (etag, data)
            assert len(responses) == len(chunk), f"multiget of {len(chunk)} hrefs answered {len(responses)}"
        return items

    def full_sync(self):
        present, _, token = self.changes(None)
        items = self.multiget(present)
        assert set(items) == set(present)
        return token, items

    def incremental_sync(self, token, items, edit_number):
        """Uploads one edited item with If-Match, then pulls what changed since `token`."""
        hrefs = sorted(items)
        href = hrefs[edit_number % len(hrefs)]
        etag, data = items[href]
        # calendar-data came through XML, which turns CRLF into LF; iCalendar wants CRLF back.
        edited = re.sub(r"\r?\n", "\r\n", data).replace("END:VTODO", f"X-CADENCE-BENCH-EDIT:{edit_number}\r\nEND:VTODO", 1)
        put = self.session.put(urljoin(self.url, href), data=edited.encode(),
                               headers={"Content-Type": "text/calendar; charset=utf-8", "If-Match": etag})
        assert put.status_code in (200, 204), (put.status_code, put.text[:200])
        present, deleted, token = self.changes(token)
        assert href in present, f"the edited {href} is not among the changes {sorted(present)[:5]}"
        items.update(self.multiget(present))
        for gone in deleted:
            items.pop(gone, None)
        return token


class RawClient:
    """The server's side of the same syncs: nothing parsed, every body read and dropped (see the module's doc)."""

    def __init__(self, url, user, password, batch, count):
        parts = urlsplit(url)
        self.path, self.batch = parts.path, batch
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
        self.headers = {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode(),
                        "Content-Type": webdav.XML_CONTENT_TYPE}
        self.hrefs = [f"{self.path}{uid}.ics" for uid, _ in tasks(count)]
        self.texts = dict(tasks(count))

    def request(self, method, path, body, **headers):
        self.connection.request(method, path, body=body, headers={**self.headers, **headers})
        response = self.connection.getresponse()
        data = response.read()
        assert response.status in (200, 201, 204, 207), (method, path, response.status, data[:200])
        return response, data

    def sync_token(self, token):
        _, data = self.request("REPORT", self.path, webdav.sync_collection_body(token), Depth="0")
        # RFC 6578 puts it after the responses; Radicale writes it before them. Only the ends are looked at.
        found = SYNC_TOKEN.findall(data[-2000:]) or SYNC_TOKEN.findall(data[:2000])
        assert found, "no sync-token at either end of the sync-collection answer"
        return found[-1].decode()

    def multiget(self, hrefs):
        for start in range(0, len(hrefs), self.batch):
            self.request("REPORT", self.path, webdav.calendar_multiget_body(hrefs[start:start + self.batch]))

    def full_sync(self):
        token = self.sync_token(None)
        self.multiget(self.hrefs)
        return token

    def incremental_sync(self, token, edit_number):
        """PUT one task changed (If-Match, its ETag read untimed by HEAD first), then sync from `token` and get it."""
        href = self.hrefs[edit_number % len(self.hrefs)]
        uid = href.rsplit("/", 1)[1][:-len(".ics")]
        head, _ = self.request("HEAD", href, None)
        etag = head.getheader("ETag")
        start = time.perf_counter()
        text = self.texts[uid].replace("END:VTODO", f"X-CADENCE-BENCH-EDIT:raw-{edit_number}\r\nEND:VTODO", 1)
        self.request("PUT", href, text.encode(), **{"Content-Type": "text/calendar; charset=utf-8", "If-Match": etag})
        token = self.sync_token(token)
        self.multiget([href])
        return token, round((time.perf_counter() - start) * 1000, 1)


SYNC_TOKEN = re.compile(rb"sync-token>([^<]+)</")


def run_raw(url, user, password, batch, repeat, count):
    client = RawClient(url, user, password, batch, count)
    client.full_sync()  # untimed: as for the parsing client, the first read warms the server's caches
    full_ms = []
    for _ in range(repeat):
        token, ms = timed(client.full_sync)
        full_ms.append(ms)
    incremental_ms = []
    for number in range(repeat):
        token, ms = client.incremental_sync(token, number)
        incremental_ms.append(ms)
    return {"full_ms": full_ms, "incremental_ms": incremental_ms}


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return result, round((time.perf_counter() - start) * 1000, 1)


def run_sync(url, user, password, batch=100, repeat=3):
    client = SyncClient(url, user, password, batch)
    full_ms, incremental_ms = [], []
    for _ in range(repeat):
        (token, items), ms = timed(client.full_sync)
        full_ms.append(ms)
    for number in range(repeat):
        token, ms = timed(client.incremental_sync, token, items, number)
        incremental_ms.append(ms)
    return {"full_ms": full_ms, "incremental_ms": incremental_ms, "items": len(items)}


def radicale_bench(count, batch, repeat, storage=None):
    from radicale_server import USERNAME, radicale

    with tempfile.TemporaryDirectory(prefix="radicale-bench-") as scratch:
        storage = storage or scratch
        folder, seed_ms = timed(radicale_seed, storage, USERNAME, count)
        print(f"seeded {count} tasks into {folder} in {seed_ms} ms", file=sys.stderr)
        # "warning": Radicale's info log writes a line per request, which would be timed too.
        with radicale(storage=storage, log_name="radicale-bench.log", log_level="warning") as server:
            url = f"{server.base_url}{USERNAME}/tasks/"
            # Untimed: the first read of files written behind Radicale's back builds its item cache.
            _, warm_ms = timed(SyncClient(url, server.username, server.password, batch).full_sync)
            print(f"first (cache-building) full sync: {warm_ms} ms", file=sys.stderr)
            figures = run_sync(url, server.username, server.password, batch, repeat)
            figures["raw"] = run_raw(url, server.username, server.password, batch, repeat, count)
            return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    seed = commands.add_parser("radicale-seed", help="write N VTODOs into Radicale's storage as USER/tasks/")
    seed.add_argument("--storage", required=True)
    seed.add_argument("--user", required=True)
    seed.add_argument("--count", type=int, required=True)
    put_seed = commands.add_parser("http-seed", help="PUT the N benchmark tasks into a collection over CalDAV")
    put_seed.add_argument("--url", required=True, help="the collection URL, ending in /")
    put_seed.add_argument("--user", required=True)
    put_seed.add_argument("--password", required=True)
    put_seed.add_argument("--count", type=int, required=True)
    sync = commands.add_parser("sync", help="time a full and an incremental sync of one collection")
    sync.add_argument("--url", required=True, help="the collection URL, ending in /")
    sync.add_argument("--user", required=True)
    sync.add_argument("--password", required=True)
    sync.add_argument("--count", type=int, required=True, help="the tasks http-seed put there (the raw client's hrefs)")
    bench = commands.add_parser("radicale-bench", help="seed, start Radicale on it, time the sync")
    bench.add_argument("--count", type=int, required=True)
    bench.add_argument("--storage", help="seed here instead of a temporary folder (must be empty)")
    for command in (sync, bench):
        command.add_argument("--batch", type=int, default=100, help="hrefs per calendar-multiget (default 100)")
        command.add_argument("--repeat", type=int, default=3, help="timed runs of each kind (default 3)")
    args = parser.parse_args()

    if args.command == "radicale-seed":
        print(radicale_seed(args.storage, args.user, args.count))
    elif args.command == "http-seed":
        _, ms = timed(http_seed, args.url, args.user, args.password, args.count)
        print(f"seeded {args.count} tasks over CalDAV in {ms} ms", file=sys.stderr)
    elif args.command == "sync":
        # Untimed, as for Radicale: the first read warms what the server keeps in memory.
        _, warm_ms = timed(SyncClient(args.url, args.user, args.password, args.batch).full_sync)
        print(f"first full sync: {warm_ms} ms", file=sys.stderr)
        figures = run_sync(args.url, args.user, args.password, args.batch, args.repeat)
        figures["raw"] = run_raw(args.url, args.user, args.password, args.batch, args.repeat, args.count)
        print(json.dumps(figures))
    else:
        print(json.dumps(radicale_bench(args.count, args.batch, args.repeat, args.storage)))


if __name__ == "__main__":
    main()
