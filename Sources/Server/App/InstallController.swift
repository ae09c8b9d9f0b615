import Foundation
import Hummingbird
import NIOCore
import Web

/// What makes Cadence installable: a web app manifest per device role (`/app/phone.webmanifest`, `…/watch…`,
/// `…/display…`) and `/favicon.ico`, which browsers ask for at the site's root whatever the page links.
struct InstallController {
    func addRoutes(to router: Router<AppContext>) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for role in AppManifest.Role.allCases {
            let manifest = (try? encoder.encode(AppManifest(role))) ?? Data()
            router.get("/app/\(role.rawValue).webmanifest") { _, _ in
                Response(status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "max-age=3600"],
                         body: .init(byteBuffer: ByteBuffer(bytes: manifest)))
            }
        }
        let favicon = (try? Data(contentsOf: URL(fileURLWithPath: ServerResources.path("static/icons/favicon.ico")))) ?? Data()
        router.get("/favicon.ico") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/x-icon", .cacheControl: "max-age=86400"],
                     body: .init(byteBuffer: ByteBuffer(bytes: favicon)))
        }
    }
}
