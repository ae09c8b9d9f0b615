import Foundation

/// A 207 Multi-Status body (RFC 4918 §13): per resource, the properties found (200) and not found (404), or one
/// status; and a sync-token for sync-collection (RFC 6578).
public struct DAVMultistatus: Sendable {
    /// A property with its value: markup written as it is, or text escaped as it is written into the body.
    public struct Property: Sendable {
        public let name: DAVName
        let value: Value

        enum Value: Sendable {
            case markup(String)
            /// Escaped straight into the body: calendar data is most of a full sync's bytes, and escaping it into a
            /// string of its own first copied each task twice more (issue 41).
            case text(String)
        }

        /// A property whose content is XML markup, already escaped.
        public init(_ name: DAVName, content: String) {
            self.name = name
            self.value = .markup(content)
        }

        public static func text(_ name: DAVName, _ value: String) -> Property { Property(name, value: .text(value)) }
        public static func href(_ name: DAVName, _ href: String) -> Property {
            Property(name, content: "<d:href>\(DAVMultistatus.escape(href))</d:href>")
        }
        public static func empty(_ name: DAVName) -> Property { Property(name, content: "") }

        private init(_ name: DAVName, value: Value) {
            self.name = name
            self.value = value
        }

        var isEmpty: Bool {
            switch value {
            case .markup(let content), .text(let content): content.isEmpty
            }
        }
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

    /// The body as UTF-8, written into one buffer: a full sync's answers are megabytes, and building them as strings
    /// joined piece by piece cost more than reading the tasks (issue 41).
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + responses.reduce(0) { $0 + Self.estimatedSize($1) })
        Self.write(#"<?xml version="1.0" encoding="utf-8"?>"# + "\n", to: &out)
        Self.write(#"<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:ical="http://apple.com/ns/ical/" xmlns:P="https://bitfire.at/webdav-push">"#, to: &out)
        for response in responses {
            switch response {
            case .properties(let href, let found, let missing, let forbidden):
                Self.write("<d:response><d:href>", to: &out)
                Self.escape(href, into: &out)
                Self.write("</d:href>", to: &out)
                if !found.isEmpty {
                    Self.write("<d:propstat><d:prop>", to: &out)
                    for property in found { Self.element(property, into: &out) }
                    Self.write("</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>", to: &out)
                }
                for (names, status) in [(forbidden, "403 Forbidden"), (missing, "404 Not Found")] where !names.isEmpty {
                    Self.write("<d:propstat><d:prop>", to: &out)
                    for name in names { Self.element(.empty(name), into: &out) }
                    Self.write("</d:prop><d:status>HTTP/1.1 \(status)</d:status></d:propstat>", to: &out)
                }
                Self.write("</d:response>", to: &out)
            case .status(let href, let code):
                Self.write("<d:response><d:href>", to: &out)
                Self.escape(href, into: &out)
                Self.write("</d:href><d:status>HTTP/1.1 \(code) \(Self.reason(code))</d:status></d:response>", to: &out)
            }
        }
        if let syncToken {
            Self.write("<d:sync-token>", to: &out)
            Self.escape(syncToken, into: &out)
            Self.write("</d:sync-token>", to: &out)
        }
        Self.write("</d:multistatus>\n", to: &out)
        return out
    }

    /// The body as a string (tests, logs).
    public var xml: String { String(decoding: bytes, as: UTF8.self) }

    private static func estimatedSize(_ response: Response) -> Int {
        guard case .properties(let href, let found, _, _) = response else { return 120 }
        return 200 + href.utf8.count + found.reduce(0) { total, property in
            switch property.value {
            case .markup(let content): total + 40 + content.utf8.count
            case .text(let text): total + 40 + text.utf8.count * 9 / 8
            }
        }
    }

    private static func write(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// `<d:getetag>…</d:getetag>`, or with its own namespace declaration for a namespace the root does not declare.
    private static func element(_ property: Property, into out: inout [UInt8]) {
        let name = property.name
        let prefix = prefixes[name.namespace]
        if let prefix {
            write("<\(prefix):\(name.name)", to: &out)
        } else {
            write("<x:\(name.name) xmlns:x=\"", to: &out)
            escape(name.namespace, into: &out)
            write("\"", to: &out)
        }
        guard !property.isEmpty else { return write("/>", to: &out) }
        out.append(UInt8(ascii: ">"))
        switch property.value {
        case .markup(let content): write(content, to: &out)
        case .text(let text): escape(text, into: &out)
        }
        write("</\(prefix ?? "x"):\(name.name)>", to: &out)
    }

    /// `<d:getetag>…</d:getetag>` as a string (content already escaped).
    public static func element(_ name: DAVName, content: String) -> String {
        var out: [UInt8] = []
        element(Property(name, content: content), into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A WebDAV error body naming the failed precondition (RFC 4918 §16).
    public static func errorBody(_ condition: DAVName, message: String) -> String {
        #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
            + #"<d:error xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:P="https://bitfire.at/webdav-push">"# + element(condition, content: "")
            + "<d:responsedescription>\(escape(message))</d:responsedescription></d:error>\n"
    }

    /// XML text: `& < > "` as entities, CR as `&#13;` (calendar data's CRLFs survive an XML parser only as a
    /// reference), and the control characters XML 1.0 cannot carry dropped rather than sent as a broken document.
    public static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        escape(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `escape`, appended to `out`: runs of bytes that need nothing copied whole, the others replaced one by one
    /// (a full sync escapes megabytes of calendar data, a CR every line).
    static func escape(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                    || byte == UInt8(ascii: "\""), byte != 0x0A, byte != 0x09 else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "&"): out.append(contentsOf: Entity.amp)
                case UInt8(ascii: "<"): out.append(contentsOf: Entity.lt)
                case UInt8(ascii: ">"): out.append(contentsOf: Entity.gt)
                case UInt8(ascii: "\""): out.append(contentsOf: Entity.quot)
                case 0x0D: out.append(contentsOf: Entity.cr)
                default: break  // a control character XML 1.0 cannot carry
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
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
