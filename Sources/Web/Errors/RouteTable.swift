import Hummingbird
import Synchronization

/// Which methods each route path answers, so an unsupported method on a known
/// path gets 405 with an Allow header instead of a misleading 404. Filled once
/// after every route is registered (middleware must exist before the routes).
public final class RouteTable: Sendable {
    private let routes = Mutex<[(segments: [Substring], method: HTTPRequest.Method)]>([])

    public init() {}

    public func record(_ descriptions: [Router<AppContext>.RouteDescription]) {
        let parsed = descriptions.map { (segments: Self.segments($0.path.description), method: $0.method) }
        routes.withLock { $0 = parsed }
    }

    /// The methods registered for paths matching `path`; empty when no route matches at all.
    public func allowedMethods(for path: String) -> [HTTPRequest.Method] {
        let requested = Self.segments(path)
        let matching = routes.withLock { routes in routes.filter { Self.matches(pattern: $0.segments, path: requested) } }
        // Like the router, a literal segment beats a capture: /devices/me is not /devices/:id.
        let specificity = { (segments: [Substring]) in segments.map { Self.isCapture($0) ? 0 : 1 } }
        guard let best = matching.map({ specificity($0.segments) }).max(by: { $0.lexicographicallyPrecedes($1) }) else { return [] }
        return matching.filter { specificity($0.segments) == best }.map(\.method)
            .reduce(into: []) { unique, method in if !unique.contains(method) { unique.append(method) } }
    }

    /// For a page's form address that answers posts only (`/phone/talks/{id}/cues`), the nearest address above it
    /// that shows a page (`/phone/talks/{id}`); nil for the API, calendar apps, and addresses that answer GET.
    public func pageHolding(formAt path: String) -> String? {
        guard !path.hasPrefix("/api/"), !path.hasPrefix("/dav/"), !path.hasPrefix("/.well-known/") else { return nil }
        var segments = Self.segments(path)
        guard !allowedMethods(for: path).contains(.get) else { return nil }
        while !segments.isEmpty {
            segments.removeLast()
            let candidate = "/" + segments.joined(separator: "/")
            if allowedMethods(for: candidate).contains(.get) { return candidate }
        }
        return nil
    }

    private static func isCapture(_ segment: Substring) -> Bool {
        segment.hasPrefix(":") || segment.hasPrefix("{") || segment == "*"
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func matches(pattern: [Substring], path: [Substring]) -> Bool {
        guard pattern.count == path.count else { return false }
        return zip(pattern, path).allSatisfy { expected, actual in
            isCapture(expected) || expected == actual
        }
    }
}
