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

    /// Reads a request path or an href (absolute URLs and percent-encoding allowed); nil outside `/dav/`.
    init?(_ raw: String) {
        var path = raw
        if let url = URL(string: raw), url.scheme != nil { path = url.path.isEmpty ? "/" : url.path }
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { String($0).removingPercentEncoding ?? String($0) }
        guard segments.first == "dav" else { return nil }
        switch Array(segments.dropFirst()) {
        case []: self = .root
        case ["principal"]: self = .principal
        case ["calendars"]: self = .home
        case let rest where rest.count == 2 && rest[0] == "push": self = .pushRegistration(id: rest[1])
        case let rest where rest.count == 2 && rest[0] == "calendars": self = .list(slug: rest[1])
        case let rest where rest.count == 3 && rest[0] == "calendars": self = .resource(slug: rest[1], name: rest[2])
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

    static func encode(_ segment: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~@")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}
