"""Raw WebDAV/CalDAV wire helpers: request bodies and a 207 Multi-Status reader.

The scenarios use the caldav library the way a calendar app would, and these helpers
where they must see the protocol itself (exact statuses, the sync-token element, a
deleted member's 404); the sync benchmark (e2e/bench/caldav_sync.py) is built on them.
Parsing uses the standard library's xml.etree.ElementTree, so nothing else is needed.
"""
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit
from xml.sax.saxutils import escape

DAV = "DAV:"
CALDAV = "urn:ietf:params:xml:ns:caldav"
CALENDARSERVER = "http://calendarserver.org/ns/"

GETETAG = f"{{{DAV}}}getetag"
SYNC_TOKEN = f"{{{DAV}}}sync-token"
CALENDAR_DATA = f"{{{CALDAV}}}calendar-data"
GETCTAG = f"{{{CALENDARSERVER}}}getctag"

XML_CONTENT_TYPE = "application/xml; charset=utf-8"


def _prop_elements(props):
    """'<D:getetag/>'-style elements for Clark names ('{DAV:}getetag'), each with its own xmlns."""
    out = []
    for clark in props:
        namespace, name = clark[1:].split("}")
        out.append(f'<{name} xmlns="{escape(namespace)}"/>')
    return "".join(out)


def propfind_body(*props):
    return f'<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop>{_prop_elements(props)}</prop></propfind>'.encode()


def sync_collection_body(token, props=(GETETAG,)):
    """RFC 6578 3.2: DAV:sync-collection with sync-token (empty on the first sync), sync-level 1 and a prop.

    Send it with `Depth: 0` — the RFC defines the report only for Depth 0 (DAVx5 does so;
    the caldav library sends Depth 1, which a strict server would refuse with 400).
    """
    return (f'<?xml version="1.0" encoding="utf-8"?><sync-collection xmlns="DAV:">'
            f'<sync-token>{escape(token or "")}</sync-token><sync-level>1</sync-level>'
            f'<prop>{_prop_elements(props)}</prop></sync-collection>').encode()


def calendar_multiget_body(hrefs, props=(GETETAG, CALENDAR_DATA)):
    """RFC 4791 7.9: C:calendar-multiget for the given hrefs (paths); sent without a Depth header."""
    href_elements = "".join(f"<D:href>{escape(href)}</D:href>" for href in hrefs)
    return (f'<?xml version="1.0" encoding="utf-8"?><C:calendar-multiget xmlns:D="DAV:" xmlns:C="{CALDAV}">'
            f'<D:prop>{_prop_elements(props)}</D:prop>{href_elements}</C:calendar-multiget>').encode()


@dataclass
class Response:
    """One DAV:response of a multistatus."""
    href: str  # as the server wrote it (still percent-encoded); compare with path_of()
    status: int | None = None  # the response-level DAV:status (a deleted member in a sync report: 404)
    props: dict = field(default_factory=dict)  # Clark name -> Element, from propstats with a 2xx status
    prop_status: dict = field(default_factory=dict)  # Clark name -> status code, for every prop returned

    def text(self, clark):
        element = self.props.get(clark)
        return element.text if element is not None else None


def status_code(status_line):
    """'HTTP/1.1 404 Not Found' -> 404."""
    return int(status_line.split()[1])


def parse_multistatus(body):
    """Reads a 207 body (RFC 4918 13) into ([Response], the DAV:sync-token text or None).

    Asserts the shape clients rely on: a DAV:multistatus root, one href per response, and
    either a response-level status or propstats (never both, RFC 6578 3.2 / RFC 4918 14.24).
    """
    root = ET.fromstring(body)
    assert root.tag == f"{{{DAV}}}multistatus", f"not a DAV:multistatus: {root.tag}"
    responses = []
    for element in root.findall(f"{{{DAV}}}response"):
        hrefs = element.findall(f"{{{DAV}}}href")
        assert len(hrefs) == 1, f"a response must have exactly one href here: {ET.tostring(element)!r}"
        response = Response(href=hrefs[0].text.strip())
        status = element.find(f"{{{DAV}}}status")
        propstats = element.findall(f"{{{DAV}}}propstat")
        assert (status is None) != (not propstats), f"status xor propstat expected: {ET.tostring(element)!r}"
        if status is not None:
            response.status = status_code(status.text)
        for propstat in propstats:
            code = status_code(propstat.find(f"{{{DAV}}}status").text)
            for prop in propstat.find(f"{{{DAV}}}prop"):
                response.prop_status[prop.tag] = code
                if 200 <= code < 300:
                    response.props[prop.tag] = prop
        responses.append(response)
    token = root.find(SYNC_TOKEN)
    return responses, (token.text.strip() if token is not None and token.text else None)


def multistatus(session, method, url, body, depth=None):
    """Sends a PROPFIND or REPORT on a requests-style session and reads its 207 (see parse_multistatus)."""
    headers = {"Content-Type": XML_CONTENT_TYPE}
    if depth is not None:
        headers["Depth"] = depth
    response = session.request(method, url, data=body, headers=headers)
    assert response.status_code == 207, (method, url, response.status_code, response.text[:500])
    return parse_multistatus(response.content)


def sync_collection(session, collection_url, token):
    """One sync-collection REPORT from `token` (None: from nothing): ([Response], new token).

    Depth 0, as RFC 6578 3.2 requires. Checks the new token is there and each member appears once.
    """
    responses, new_token = multistatus(session, "REPORT", collection_url, sync_collection_body(token), depth="0")
    assert new_token, "a sync-collection 207 must carry a DAV:sync-token"
    paths = [path_of(response.href) for response in responses]
    assert len(set(paths)) == len(paths), "RFC 6578 3.2: a member URL MUST appear only once"
    return responses, new_token


def path_of(url):
    """The decoded path of a URL or href, so server hrefs and client URLs compare equal."""
    return unquote(urlsplit(str(url)).path)
