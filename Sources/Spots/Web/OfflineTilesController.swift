import Foundation
import Hummingbird
import Web

/// The offline grid tile: a light square with its coordinates, so a map still shows where you are zooming.
public struct OfflineTilesController: Sendable {
    public init() {}

    public func addRoutes(to router: Router<AppContext>) {
        router.get("/map/tiles/:z/:x/:file") { _, context -> Response in
            let z = context.parameters.get("z").flatMap(Int.init) ?? 0
            let x = context.parameters.get("x").flatMap(Int.init) ?? 0
            let y = context.parameters.get("file").flatMap { Int($0.split(separator: ".").first ?? "") } ?? 0
            let svg = """
                <svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#e8ecef"/>\
                <path d="M0 0H256V256" fill="none" stroke="#c5ccd3" stroke-width="2"/>\
                <text x="8" y="20" font-family="sans-serif" font-size="12" fill="#7a8591">\(z)/\(x)/\(y)</text></svg>
                """
            return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                            body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
    }
}
