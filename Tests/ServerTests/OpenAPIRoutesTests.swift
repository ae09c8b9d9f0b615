import Foundation
import Testing

/// openapi.yaml and the router agree (issue 38): every API route the server answers is in the spec, and every path
/// and method the spec gives is answered. (Pages are not the API, and are not in the spec.)
@Suite(.timeLimit(.minutes(5))) struct OpenAPIRoutesTests {
    @Test func everyAPIRouteIsInTheSpecAndEveryPathInTheSpecIsARoute() async throws {
        try await withTestServer { server in
            let spec = try await server.client.json(.get, "/openapi.yaml")
            #expect(spec.status == .ok)
            let described = Set(SpecPaths.operations(inYAML: spec.text).filter { $0.path.hasPrefix("/api/") })
            let served = Set(server.routes.compactMap(SpecPaths.Operation.init(route:)).filter { $0.path.hasPrefix("/api/") })
            #expect(described.count > 100 && served.count > 100, "read \(described.count) operations and \(served.count) routes")
            let undescribed = served.subtracting(described).map(\.description).sorted()
            let unserved = described.subtracting(served).map(\.description).sorted()
            #expect(undescribed.isEmpty, "routes openapi.yaml does not describe: \(undescribed)")
            #expect(unserved.isEmpty, "operations in openapi.yaml no route serves: \(unserved)")
        }
    }
}

/// The operations of an OpenAPI document's `paths`, read line by line (the spec is Cadence's own, written with two
/// spaces per level), with every path parameter's name dropped: `{id}`, `{seriesID}` and the router's `:id` compare equal.
enum SpecPaths {
    struct Operation: Hashable, CustomStringConvertible {
        let method: String
        let path: String

        init(method: String, path: String) {
            self.method = method.uppercased()
            self.path = path.split(separator: "/", omittingEmptySubsequences: false).map { part in
                part.hasPrefix("{") || part.hasPrefix(":") ? "{}" : String(part)
            }.joined(separator: "/")
        }

        /// From the router's "METHOD /path".
        init?(route: String) {
            let parts = route.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            self.init(method: String(parts[0]), path: String(parts[1]))
        }

        var description: String { "\(method) \(path)" }
    }

    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]

    static func operations(inYAML text: String) -> [Operation] {
        var operations: [Operation] = []
        var inPaths = false
        var path: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" "), !line.isEmpty {
                inPaths = line.hasPrefix("paths:")
                path = nil
                continue
            }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), !line.hasPrefix("   "), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"),
                      methods.contains(String(line.dropFirst(4).dropLast())) {
                operations.append(Operation(method: String(line.dropFirst(4).dropLast()), path: path))
            }
        }
        return operations
    }
}
