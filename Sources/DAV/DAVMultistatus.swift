import Foundation

/// A 207 Multi-Status body (RFC 4918 §13): per resource, the properties found (200) and not found (404), or one
/// status; and a sync-token for sync-collection (RFC 6578).
public struct DAVMultistatus: Sendable {
    /// A property with its value as XML content (already escaped): `DAVProperty.text` escapes for you.
    public struct Property: Sendable {
        public let name: DAVName
        public let content: String

        public init(_ name: DAVName, content: String) {
            self.name = name
            self.content = content
        }

        public static func text(_ name: DAVName, _ value: String) -> Property { Property(name, content: DAVMultistatus.escape(value)) }
        public static func href(_ name: DAVName, _ href: String) -> Property {
            Property(name, content: "<d:href>\(DAVMultistatus.escape(href))</d:href>")
        }
        public static func empty(_ name: DAVName) -> Property { Property(name, content: "") }
    }

    public enum Response: Sendable {
        case properties(href: String, found: [Property], missing: [DAVName], forbidden: [DAVName] = [])
        case status(href: String, Int)
    }

    public var responses: [Response] = []
    public var syncToken: String?

    public init(responses: [Response] = [], syncToken: String? = nil) {
        self.responses = responses
        self.syncToken = syncToken
    }

    static let prefixes = [DAVName.dav: "d", DAVName.caldav: "c", DAVName.calendarServer: "cs", DAVName.appleICal: "ical",
                           DAVName.webdavPush: "P"]

    public var xml: String {
        var out = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
        out += #"<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:ical="http://apple.com/ns/ical/" xmlns:P="https://bitfire.at/webdav-push">"#
        out.reserveCapacity(responses.count * 300)
        for response in responses {
            switch response {
            case .properties(let href, let found, let missing, let forbidden):
                out += "<d:response><d:href>\(Self.escape(href))</d:href>"
                if !found.isEmpty {
                    out += "<d:propstat><d:prop>"
                    for property in found { out += Self.element(property.name, content: property.content) }
                    out += "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>"
                }
                for (names, status) in [(forbidden, "403 Forbidden"), (missing, "404 Not Found")] where !names.isEmpty {
                    out += "<d:propstat><d:prop>"
                    for name in names { out += Self.element(name, content: "") }
                    out += "</d:prop><d:status>HTTP/1.1 \(status)</d:status></d:propstat>"
                }
                out += "</d:response>"
            case .status(let href, let code):
                out += "<d:response><d:href>\(Self.escape(href))</d:href><d:status>HTTP/1.1 \(code) \(Self.reason(code))</d:status></d:response>"
            }
        }
        if let syncToken { out += "<d:sync-token>\(Self.escape(syncToken))</d:sync-token>" }
        return out + "</d:multistatus>\n"
    }

    /// `<d:getetag>…</d:getetag>`, or with its own namespace declaration for a namespace the root does not declare.
    public static func element(_ name: DAVName, content: String) -> String {
        if let prefix = prefixes[name.namespace] {
            return content.isEmpty ? "<\(prefix):\(name.name)/>" : "<\(prefix):\(name.name)>\(content)</\(prefix):\(name.name)>"
        }
        let open = "<x:\(name.name) xmlns:x=\"\(escape(name.namespace))\""
        return content.isEmpty ? open + "/>" : open + ">\(content)</x:\(name.name)>"
    }

    /// A WebDAV error body naming the failed precondition (RFC 4918 §16).
    public static func errorBody(_ condition: DAVName, message: String) -> String {
        #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
            + #"<d:error xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:P="https://bitfire.at/webdav-push">"# + element(condition, content: "")
            + "<d:responsedescription>\(escape(message))</d:responsedescription></d:error>\n"
    }

    /// XML text: `& < > "` as entities, CR as `&#13;` (calendar data's CRLFs survive an XML parser only as a
    /// reference), and the control characters XML 1.0 cannot carry dropped rather than sent as a broken document.
    /// Byte by byte: a full sync escapes megabytes of calendar data.
    public static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 16)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): out.append(contentsOf: Entity.amp)
                case UInt8(ascii: "<"): out.append(contentsOf: Entity.lt)
                case UInt8(ascii: ">"): out.append(contentsOf: Entity.gt)
                case UInt8(ascii: "\""): out.append(contentsOf: Entity.quot)
                case 0x0D: out.append(contentsOf: Entity.cr)
                case 0x0A, 0x09: out.append(byte)
                case ..<0x20: continue
                default: out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private enum Entity {
        static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8), quot = Array("&quot;".utf8)
        static let cr = Array("&#13;".utf8)
    }

    static func reason(_ code: Int) -> String {
        switch code {
        case 200: "OK"
        case 403: "Forbidden"
        case 404: "Not Found"
        default: "Status"
        }
    }
}
