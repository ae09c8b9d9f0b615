import Hummingbird
import Synchronization

/// Which methods each route path answers, so an unsupported method on a known
/// path gets 405 with an Allow header instead of a misleading 404. Filled once
/// after every route is registered (middleware must exist before the routes).
final class RouteTable: Sendable {
    private let routes = Mutex<[(segments: [Substring], method: HTTPRequest.Method)]>([])

    func record(_ descriptions: [Router<AppContext>.RouteDescription]) {
        let parsed = descriptions.map { (segments: Self.segments($0.path.description), method: $0.method) }
        routes.withLock { $0 = parsed }
    }

    /// The methods registered for paths matching `path`; empty when no route matches at all.
    func allowedMethods(for path: String) -> [HTTPRequest.Method] {
        let requested = Self.segments(path)
        let methods = routes.withLock { routes in
            routes.filter { Self.matches(pattern: $0.segments, path: requested) }.map(\.method)
        }
        return methods.reduce(into: []) { unique, method in if !unique.contains(method) { unique.append(method) } }
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func matches(pattern: [Substring], path: [Substring]) -> Bool {
        guard pattern.count == path.count else { return false }
        return zip(pattern, path).allSatisfy { expected, actual in
            expected.hasPrefix(":") || expected.hasPrefix("{") || expected == "*" || expected == actual
        }
    }
}
