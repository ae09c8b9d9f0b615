import Foundation
import Spots

/// Where a CalDAV request points: Cadence's one principal per account, the calendar home, a task list, or a task.
///
///     /dav/                     the service root (clients start here; it names the principal)
///     /dav/principal/           the signed-in account
///     /dav/calendars/           the calendar home: the account's task lists
///     /dav/calendars/<list>/    a task list (a calendar collection of VTODOs)
///     /dav/calendars/<list>/<name>.ics   one task (a series and its occurrences)
///     /dav/push/<id>            a WebDAV-Push registration (DELETE unregisters)
enum CalDAVPath: Equatable {
    case root
    case principal
    case home
    case list(slug: String)
    case resource(slug: String, name: String)
    case pushRegistration(id: String)

    static let rootPath = "/dav/"
    static let principalPath = "/dav/principal/"
    static let homePath = "/dav/calendars/"
    static let pushPath = "/dav/push/"

    /// Reads a request path or an href (absolute URLs and percent-encoding allowed); nil outside `/dav/`. Over the
    /// UTF-8 bytes: a multiget names up to hundreds of hrefs and a full sync reads 10,000 (issue 41).
    init?(_ raw: String) {
        var path = Substring(raw)
        // Absolute URLs are rare (most clients send paths): only they go through URL's parser.
        if !raw.hasPrefix("/"), let url = URL(string: raw), url.scheme != nil { path = Substring(url.path.isEmpty ? "/" : url.path) }
        if let query = path.utf8.firstIndex(of: UInt8(ascii: "?")) { path = path[..<query] }
        let segments = path.utf8.split(separator: UInt8(ascii: "/")).map { Self.decode(Substring($0)) }
        guard segments.first == "dav" else { return nil }
        switch (segments.count, segments.count > 1 ? segments[1] : "") {
        case (1, _): self = .root
        case (2, "principal"): self = .principal
        case (2, "calendars"): self = .home
        case (3, "push"): self = .pushRegistration(id: segments[2])
        case (3, "calendars"): self = .list(slug: segments[2])
        case (4, "calendars"): self = .resource(slug: segments[2], name: segments[3])
        default: return nil
        }
    }

    var href: String {
        switch self {
        case .root: Self.rootPath
        case .principal: Self.principalPath
        case .home: Self.homePath
        case .list(let slug): Self.homePath + Self.encode(slug) + "/"
        case .resource(let slug, let name): Self.homePath + Self.encode(slug) + "/" + Self.encode(name)
        case .pushRegistration(let id): Self.pushPath + Self.encode(id)
        }
    }

    /// A path segment percent-encoded: every byte but RFC 3986's unreserved characters and `@`. By hand over the
    /// UTF-8 bytes: a full sync writes and reads 10,000 hrefs, and Foundation's percent-encoding (a character set
    /// made per call, UTF-16 underneath) was a quarter of its time (issue 41).
    static func encode(_ segment: String) -> String {
        guard !segment.utf8.allSatisfy(isKept) else { return segment }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if isKept(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "@"): true
        default: false
        }
    }

    /// A segment with its percent-escapes decoded; kept as it is when they do not decode to UTF-8 (as
    /// `removingPercentEncoding` did).
    static func decode(_ segment: Substring) -> String {
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return String(segment) }
        var out: [UInt8] = []
        out.reserveCapacity(segment.utf8.count)
        var bytes = segment.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "%") else { out.append(byte); continue }
            guard let high = bytes.next().flatMap(hexValue), let low = bytes.next().flatMap(hexValue) else { return String(segment) }
            out.append(high << 4 | low)
        }
        return String(validating: out, as: UTF8.self) ?? String(segment)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
