"""CalDAV task-list (VTODO) scenarios, written once and run against any server.

Each scenario is a plain function taking `server` — anything with base_url, username
and password, such as `Server` below — where base_url is the root a client is given
(Radicale: its root URL; Cadence: http://host:port/, found through
/.well-known/caldav). The client is the `caldav` library, doing what Thunderbird or
DAVx5 would; where a scenario must see the protocol itself (exact status codes,
conditional requests, the sync report's shape) it speaks HTTP with `requests` and the
helpers in webdav.py.

Scenarios are independent: each makes its own UIDs, looks only at what it made, and
so runs in any order, alone, or against a server that already holds data. They share
one task list per server: the first VTODO-capable calendar found, or one made with
MKCALENDAR when there is none.
"""
import datetime as dt
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urljoin, urlsplit

import caldav
import icalendar
import requests
from caldav.lib.error import NotFoundError

import webdav

TASK_LIST_NAME = "Cadence e2e tasks"
UTC = dt.timezone.utc


class Server(NamedTuple):
    base_url: str
    username: str
    password: str


# --- shared helpers ---------------------------------------------------------------

def connect(server):
    return caldav.DAVClient(url=server.base_url, username=server.username, password=server.password)


def http(server):
    """A keep-alive HTTP session with the user's Basic credentials, for raw protocol checks."""
    session = requests.Session()
    session.auth = (server.username, server.password)
    return session


def task_list(client):
    """The user's first calendar that takes VTODOs, made with MKCALENDAR if there is none."""
    principal = client.principal()
    for calendar in principal.calendars():
        if "VTODO" in calendar.get_supported_components():
            return calendar
    return principal.make_calendar(name=TASK_LIST_NAME, supported_calendar_component_set=["VTODO"])


def unique_uid(label):
    return f"cadence-e2e-{label}-{uuid.uuid4()}"


def ical_time(moment):
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def vtodo_ics(uid, summary, due=None, dtstart=None, status="NEEDS-ACTION", extra=""):
    """A whole VCALENDAR with one VTODO, CRLF line ends; `extra` is raw content lines for inside the VTODO."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cadence//CalDAV e2e//EN", "BEGIN:VTODO",
             f"UID:{uid}", "DTSTAMP:20260101T090000Z", f"SUMMARY:{summary}"]
    if dtstart:
        lines.append(f"DTSTART:{ical_time(dtstart)}")
    if due:
        lines.append(f"DUE:{ical_time(due)}")
    if status:
        lines.append(f"STATUS:{status}")
    lines += [line for line in extra.strip("\r\n").splitlines() if line]
    lines += ["END:VTODO", "END:VCALENDAR"]
    return "\r\n".join(lines) + "\r\n"


def the_vtodo(ics):
    todos = icalendar.Calendar.from_ical(ics).walk("VTODO")
    assert len(todos) == 1, f"expected one VTODO, got {len(todos)}:\n{ics}"
    return todos[0]


def put_ics(session, url, ics, **headers):
    return session.put(url, data=ics.encode(), headers={"Content-Type": "text/calendar; charset=utf-8", **headers})


def member_url(calendar, uid):
    return str(calendar.url.join(f"{uid}.ics"))


def propfind(session, url, *props, depth="0"):
    return webdav.multistatus(session, "PROPFIND", url, webdav.propfind_body(*props), depth)[0]


def sync_report(session, calendar_url, token):
    """The raw RFC 6578 answer: ({path: Response}, new token)."""
    responses, new_token = webdav.sync_collection(session, calendar_url, token)
    return {webdav.path_of(response.href): response for response in responses}, new_token


# --- scenarios --------------------------------------------------------------------

def discover(server):
    """Principal, calendar home and task list, found the way a client set up with only base_url finds them."""
    session = http(server)
    # RFC 6764: /.well-known/caldav redirects to the context path, where PROPFIND answers.
    well_known = session.request("PROPFIND", urljoin(server.base_url, "/.well-known/caldav"),
                                 allow_redirects=False, headers={"Depth": "0"})
    assert well_known.status_code in (301, 302, 303, 307, 308), well_known.status_code
    context = urljoin(well_known.url, well_known.headers["Location"])
    found = propfind(session, context, "{DAV:}current-user-principal")
    assert found and found[0].props.get("{DAV:}current-user-principal") is not None

    client = connect(server)
    principal = client.principal()
    assert urlsplit(str(principal.url)).path not in ("", "/"), principal.url
    home = principal.calendar_home_set
    assert home.url is not None
    # Clients look for "calendar-access" in the DAV header before they speak CalDAV (RFC 4791 5.1).
    assert "calendar-access" in session.options(str(home.url)).headers.get("DAV", "")

    existing = {webdav.path_of(c.url) for c in principal.calendars()}
    calendar = task_list(client)
    listed = {webdav.path_of(c.url): c for c in principal.calendars()}
    assert webdav.path_of(calendar.url) in listed
    assert "VTODO" in calendar.get_supported_components()
    if webdav.path_of(calendar.url) not in existing:  # made just now: MKCALENDAR kept its name and component set
        assert calendar.get_supported_components() == ["VTODO"]
        assert listed[webdav.path_of(calendar.url)].get_display_name() == TASK_LIST_NAME
    kinds = propfind(session, str(calendar.url), "{DAV:}resourcetype")[0].props["{DAV:}resourcetype"]
    assert {child.tag for child in kinds} >= {"{DAV:}collection", f"{{{webdav.CALDAV}}}calendar"}
    return calendar


def create_and_read(server):
    """save_todo, then a fresh GET: SUMMARY (non-ASCII too) and DUE come back; the UID query finds it."""
    client = connect(server)
    calendar = task_list(client)
    uid, summary = unique_uid("create"), "Buy oat milk — 2 × 1 l, ☕"
    due = dt.datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC)
    saved = calendar.save_todo(uid=uid, summary=summary, due=due)

    response = http(server).get(str(saved.url))
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/calendar")
    assert response.headers.get("ETag", "").strip('W/"'), "GET must give an ETag"
    todo = the_vtodo(response.content)
    assert str(todo["UID"]) == uid
    assert str(todo["SUMMARY"]) == summary
    assert todo.decoded("DUE") == due

    reloaded = caldav.Todo(client, url=saved.url, parent=calendar).load()  # the library's own GET
    assert str(reloaded.icalendar_component["SUMMARY"]) == summary
    assert webdav.path_of(calendar.todo_by_uid(uid).url) == webdav.path_of(saved.url)  # calendar-query on UID


def etag_update(server):
    """PUT with the current ETag in If-Match succeeds; the same stale ETag afterwards is 412 and changes nothing."""
    calendar, session = task_list(connect(server)), http(server)
    uid = unique_uid("etag")
    url = member_url(calendar, uid)
    assert put_ics(session, url, vtodo_ics(uid, "version 1")).status_code == 201
    first_etag = session.get(url).headers["ETag"]

    updated = put_ics(session, url, vtodo_ics(uid, "version 2"), **{"If-Match": first_etag})
    assert updated.status_code in (200, 204), updated.status_code  # an update is not a 201
    current = session.get(url)
    second_etag = current.headers["ETag"]
    assert second_etag != first_etag
    assert str(the_vtodo(current.content)["SUMMARY"]) == "version 2"
    if "ETag" in updated.headers:  # RFC 4791 5.3.4: only when the stored data is octet-identical
        assert updated.headers["ETag"] == second_etag

    lost_update = put_ics(session, url, vtodo_ics(uid, "version 3 from a stale copy"), **{"If-Match": first_etag})
    assert lost_update.status_code == 412, lost_update.status_code
    after = session.get(url)
    assert after.headers["ETag"] == second_etag
    assert str(the_vtodo(after.content)["SUMMARY"]) == "version 2"


def if_none_match(server):
    """If-None-Match: * creates a new resource (201) and refuses to replace an existing one (412)."""
    calendar, session = task_list(connect(server)), http(server)
    uid = unique_uid("create-only")
    url = member_url(calendar, uid)
    assert put_ics(session, url, vtodo_ics(uid, "first"), **{"If-None-Match": "*"}).status_code == 201
    second = put_ics(session, url, vtodo_ics(uid, "second"), **{"If-None-Match": "*"})
    assert second.status_code == 412, second.status_code
    assert str(the_vtodo(session.get(url).content)["SUMMARY"]) == "first"


def delete(server):
    """DELETE with a stale If-Match is 412; a plain DELETE removes it; GET and DELETE then give 404."""
    client = connect(server)
    calendar, session = task_list(client), http(server)
    uid = unique_uid("delete")
    todo = calendar.save_todo(uid=uid, summary="to be deleted")
    url = str(todo.url)
    stale = session.get(url).headers["ETag"]
    assert put_ics(session, url, vtodo_ics(uid, "changed"), **{"If-Match": stale}).status_code in (200, 204)
    assert session.delete(url, headers={"If-Match": stale}).status_code == 412
    assert session.get(url).status_code == 200

    todo.delete()  # the library's DELETE (no If-Match)
    assert session.get(url).status_code == 404
    assert session.delete(url).status_code == 404
    try:
        caldav.Todo(client, url=url, parent=calendar).load()
        raise AssertionError("a deleted task still loads")
    except NotFoundError:
        pass


def time_range(server):
    """calendar-query with a time-range on VTODO follows RFC 4791 9.9 (window [start, end))."""
    calendar = task_list(connect(server))
    start = dt.datetime(2032, 3, 1, tzinfo=UTC)
    end = dt.datetime(2032, 3, 8, tzinfo=UTC)
    hour, day = dt.timedelta(hours=1), dt.timedelta(days=1)
    # name: (DTSTART, DUE, extra lines, expected); the comment is the RFC 9.9 table row's condition.
    cases = {
        "due-inside": (None, start + 2 * day, "", True),             # start < DUE and end >= DUE
        "due-before": (None, start - day, "", False),
        "due-after": (None, end + day, "", False),
        "due-at-start": (None, start, "", False),                    # start < DUE fails at DUE == start
        "due-at-end": (None, end, "", True),                         # end >= DUE holds at DUE == end
        "spanning": (start - day, end + day, "", True),              # DTSTART+DUE: overlaps the window
        "started-inside": (start + hour, None, "", True),            # DTSTART only: start <= DTSTART < end
        "started-after": (end + hour, None, "", False),
        "completed-inside": (None, None, f"COMPLETED:{ical_time(start + day)}", True),  # start <= COMPLETED <= end
        "created-after": (None, None, f"CREATED:{ical_time(end + day)}", False),       # CREATED only: end > CREATED
        "undated": (None, None, "", True),                           # no DTSTART/DUE/COMPLETED/CREATED: always
    }
    uids = {}
    for name, (dtstart, due, extra, _) in cases.items():
        uid = unique_uid(f"range-{name}")
        uids[uid] = name
        calendar.save_todo(vtodo_ics(uid, f"range {name}", due=due, dtstart=dtstart, extra=extra))

    # include_completed=True: one plain time-range REPORT (otherwise the library sends three
    # queries to filter out completed tasks and unions the answers).
    found = calendar.search(todo=True, include_completed=True, start=start, end=end)
    matched = {uids[uid] for uid in (str(o.icalendar_component["UID"]) for o in found) if uid in uids}
    assert matched == {name for name, (*_, expected) in cases.items() if expected}, sorted(matched)


def sync_collection(server):
    """RFC 6578: after a token, exactly the new, the modified and the deleted members come back, the deleted as 404."""
    client = connect(server)
    calendar, session = task_list(client), http(server)
    kept, changed, removed = (calendar.save_todo(uid=unique_uid(f"sync-{n}"), summary=n)
                              for n in ("kept", "changed", "removed"))
    before = calendar.objects_by_sync_token()  # the full listing and its token, as the library gets them
    token = before.sync_token
    assert token and urlsplit(token).scheme, f"RFC 6578 3.2: the sync-token must be a URI: {token!r}"
    assert webdav.path_of(kept.url) in {webdav.path_of(o.url) for o in before}

    new_uid = unique_uid("sync-new")
    new = calendar.save_todo(uid=new_uid, summary="new")
    changed.icalendar_component["SUMMARY"] = "changed again"
    changed.save()
    removed.delete()
    expected = {webdav.path_of(o.url) for o in (new, changed, removed)}

    since = calendar.objects_by_sync_token(token)
    assert {webdav.path_of(o.url) for o in since} == expected
    assert since.sync_token != token

    # The same question on the wire: the deleted member is a bare 404, the others carry their current ETag.
    by_path, raw_token = sync_report(session, str(calendar.url), token)
    assert set(by_path) == expected
    gone = by_path.pop(webdav.path_of(removed.url))
    assert gone.status == 404 and not gone.props
    for path, member in by_path.items():
        assert member.status is None
        etag = member.text(webdav.GETETAG)
        assert etag and etag == session.get(urljoin(server.base_url, path)).headers["ETag"]

    # The library's own follow-up sync tells updated from deleted.
    updated, deleted = before.sync()
    assert {webdav.path_of(o.url) for o in deleted} == {webdav.path_of(removed.url)}
    assert {webdav.path_of(o.url) for o in updated} == expected - {webdav.path_of(removed.url)}
    assert new_uid in {str(o.icalendar_component["UID"]) for o in updated}

    nothing, _ = sync_report(session, str(calendar.url), raw_token)
    assert nothing == {}, "no change since the newest token"

    refused = session.request("REPORT", str(calendar.url), data=webdav.sync_collection_body(raw_token + "-not-ours"),
                              headers={"Depth": "0", "Content-Type": webdav.XML_CONTENT_TYPE})
    # RFC 6578 3.2: an unknown token is 403 with the DAV:valid-sync-token precondition; clients then resync in full.
    assert refused.status_code == 403 and b"valid-sync-token" in refused.content, (refused.status_code, refused.text)


# A realistic Apple Reminders task: a relative alarm, a location alarm in Apple's X- form (the
# 1976 trigger is Apple's "never by time" placeholder) and the same kind of alarm in the
# standard RFC 9074 form (PROXIMITY + VLOCATION), plus properties no server knows.
ROUND_TRIP_EXTRA = """\
X-CADENCE-E2E-UNKNOWN;X-PARAM=kept:an opaque value\\, with an escaped comma
X-APPLE-SORT-ORDER:730641600
BEGIN:VALARM
UID:{uid}-relative
X-WR-ALARMUID:{uid}-relative
ACTION:DISPLAY
DESCRIPTION:Reminder
TRIGGER;RELATED=END:-PT15M
END:VALARM
BEGIN:VALARM
UID:{uid}-apple-location
X-WR-ALARMUID:{uid}-apple-location
ACTION:DISPLAY
DESCRIPTION:Reminder
TRIGGER;VALUE=DATE-TIME:19760401T005545Z
X-APPLE-PROXIMITY:ARRIVE
X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="Damrak 1, 1012 LG Amsterdam, Netherlands";X-APPLE-MAPKIT-HANDLE=CAESvAEIrk0QxIPFmqOf8ZEGGhIJAAAAAAAAAAARAAAAAAAAAAAiRwoLTmV0aGVybGFuZHMSAk5MGg1Ob29yZC1Ib2xsYW5kKglBbXN0ZXJkYW0yCTEwMTIgTEcgQW1zdGVyZGFtOgdEYW1yYWsgMQ==;X-APPLE-RADIUS=100;X-APPLE-REFERENCEFRAME=1;X-TITLE=Gym:geo:52.37,4.89
END:VALARM
BEGIN:VALARM
UID:{uid}-rfc9074
ACTION:DISPLAY
DESCRIPTION:Leaving the office
TRIGGER;VALUE=DATE-TIME:19760401T005545Z
PROXIMITY:DEPART
BEGIN:VLOCATION
UID:{uid}-office
NAME:Office
URL:geo:52.36,4.9;u=50
END:VLOCATION
END:VALARM
"""


class Loss(NamedTuple):
    """One thing sent in a PUT that did not come back unchanged in the GET."""
    where: str  # e.g. "VTODO/VALARM(apple-location)"
    name: str  # the property (or subcomponent) name
    sent: object
    got: object


class LostInRoundTrip(AssertionError):
    def __init__(self, losses):
        self.losses = losses
        super().__init__("the server lost or changed:\n" + "\n".join(map(repr, losses)))


def _content_lines(component):
    """(name, serialized value, parameters) of this level's properties: equal means the same meaning,
    whatever order, folding or parameter quoting the server chose."""
    return [(name, prop.to_ical(), {key.upper(): str(value) for key, value in prop.params.items()})
            for name, prop in component.property_items(recursive=False) if name not in ("BEGIN", "END")]


def _losses(sent, got, where, uid):
    """Everything in `sent` missing or changed in `got`, recursively; servers may add, never drop."""
    losses = []
    returned = _content_lines(got)
    for line in _content_lines(sent):
        if line not in returned:
            losses.append(Loss(where, line[0], line[1:], [r[1:] for r in returned if r[0] == line[0]]))
    for sub in sent.subcomponents:
        key = str(sub.get("UID", ""))
        label = f"{where}/{sub.name}({key.removeprefix(uid + '-')})"
        matches = [g for g in got.subcomponents if g.name == sub.name and str(g.get("UID", "")) == key]
        if len(matches) != 1:
            losses.append(Loss(label, sub.name, 1, len(matches)))
        else:
            losses += _losses(sub, matches[0], label, uid)
    return losses


def round_trip(server):
    """Unknown X- properties, alarms (relative, Apple's location one, RFC 9074 VLOCATION) survive PUT and GET.

    Parsed with icalendar and compared property by property (value and parameters), so
    re-folding, reordering and parameter re-quoting are fine. Raises LostInRoundTrip
    listing every loss at once.
    """
    calendar, session = task_list(connect(server)), http(server)
    uid = unique_uid("roundtrip")
    sent = vtodo_ics(uid, "Pick up the parcel", due=dt.datetime(2031, 6, 1, 17, tzinfo=UTC),
                     extra=ROUND_TRIP_EXTRA.format(uid=uid))
    url = member_url(calendar, uid)
    assert put_ics(session, url, sent, **{"If-None-Match": "*"}).status_code == 201
    response = session.get(url)
    assert response.status_code == 200
    got = the_vtodo(response.content)
    assert len(got.walk("VALARM")) == 3 and len(got.walk("VLOCATION")) == 1
    losses = _losses(the_vtodo(sent), got, "VTODO", uid)
    if losses:
        raise LostInRoundTrip(losses)


def ctag_changes(server):
    """CS:getctag (and DAV:sync-token) stay put while nothing changes and move on a write."""
    calendar, session = task_list(connect(server)), http(server)
    url = str(calendar.url)

    def tags():
        (response,) = propfind(session, url, webdav.GETCTAG, webdav.SYNC_TOKEN)
        assert webdav.path_of(response.href) == webdav.path_of(url)
        return response.text(webdav.GETCTAG), response.text(webdav.SYNC_TOKEN)

    ctag, token = tags()
    assert ctag and token
    assert tags() == (ctag, token)
    calendar.save_todo(uid=unique_uid("ctag"), summary="moves the ctag")
    new_ctag, new_token = tags()
    assert new_ctag != ctag and new_token != token


# --- vdirsyncer + todoman, real sync clients --------------------------------------

def _tool(name):
    """A console script from the Python environment running the tests (the venv's)."""
    return str(Path(sys.executable).parent / name)


def _run(env, *command, stdin=None):
    result = subprocess.run(command, env=env, input=stdin, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def _local_file(vdir_root, uid):
    matches = [path for path in Path(vdir_root).glob("*/*.ics") if f"UID:{uid}" in path.read_text()]
    assert len(matches) == 1, f"{uid}: {len(matches)} local files"
    return matches[0]


def vdirsyncer_todoman(server, tmp_path):
    """vdirsyncer mirrors the task list into a vdir, todoman completes and adds tasks there, vdirsyncer pushes back."""
    client = connect(server)
    calendar = task_list(client)
    home, vdir, status = tmp_path / "home", tmp_path / "vdir", tmp_path / "vdirsyncer-status"
    for folder in (home, vdir, status):
        folder.mkdir()
    # Nothing global is read or written: HOME and the XDG folders point into tmp_path.
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_CACHE_HOME": str(home / ".cache"), "XDG_DATA_HOME": str(home / ".local/share"), "LC_ALL": "C.UTF-8"}
    env.pop("VDIRSYNCER_CONFIG", None)
    vdirsyncer_config = tmp_path / "vdirsyncer.conf"
    vdirsyncer_config.write_text(f"""\
[general]
status_path = {json.dumps(str(status))}

[pair tasks]
a = "tasks_local"
b = "tasks_remote"
collections = ["from a", "from b"]

[storage tasks_local]
type = "filesystem"
path = {json.dumps(str(vdir))}
fileext = ".ics"

[storage tasks_remote]
type = "caldav"
url = {json.dumps(server.base_url)}
username = {json.dumps(server.username)}
password = {json.dumps(server.password)}
item_types = ["VTODO"]
""")
    vdirsyncer = (_tool("vdirsyncer"), "--config", str(vdirsyncer_config))
    todoman_config = tmp_path / "todoman.py"
    todoman_config.write_text(f"""\
path = {json.dumps(str(vdir) + "/*")}
date_format = "%Y-%m-%d"
time_format = "%H:%M"
humanize = False
cache_path = {json.dumps(str(tmp_path / "todoman-cache.sqlite3"))}
""")
    todo = (_tool("todo"), "--config", str(todoman_config))

    server_uid = unique_uid("vdirsyncer-from-server")
    server_summary = f"Made on the server {server_uid}"
    calendar.save_todo(uid=server_uid, summary=server_summary, due=dt.datetime(2031, 7, 1, 9, tzinfo=UTC))

    # discover asks before it makes each local folder for a server collection; say yes to all.
    _run(env, *vdirsyncer, "discover", stdin="y\n" * 50)
    _run(env, *vdirsyncer, "sync")
    local = _local_file(vdir, server_uid)
    assert str(the_vtodo(local.read_bytes())["SUMMARY"]) == server_summary

    listed = json.loads(_run(env, *todo, "--porcelain", "list"))
    (entry,) = [t for t in listed if t["summary"] == server_summary]
    _run(env, *todo, "done", str(entry["id"]))
    completed = the_vtodo(local.read_bytes())
    assert completed["STATUS"] == "COMPLETED" and "COMPLETED" in completed
    _run(env, *vdirsyncer, "sync")
    on_server = the_vtodo(calendar.todo_by_uid(server_uid).data)
    assert on_server["STATUS"] == "COMPLETED"
    assert "COMPLETED" in on_server  # the completion time travels too

    summary = f"Made with todoman {uuid.uuid4()}"
    _run(env, *todo, "new", "--list", local.parent.name, summary)
    _run(env, *vdirsyncer, "sync")
    made = [t for t in calendar.todos(include_completed=True) if str(t.icalendar_component["SUMMARY"]) == summary]
    assert len(made) == 1, f"{summary!r} reached the server {len(made)} times"
    return server_summary, summary
