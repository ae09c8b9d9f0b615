import CadenceCore
import Foundation
import Hummingbird
import NIOCore
import Web

/// What makes Cadence an installed app: a web app manifest per device role (`/app/phone.webmanifest`, `…/watch…`,
/// `…/display…`), `/favicon.ico` (browsers ask for it at the site's root whatever the page links), and the service
/// worker at `/sw.js` (at the root, so it may be registered for each of the pages it keeps: /watch, /display, …),
/// versioned by the static files it caches.
struct InstallController {
    /// Every folder served at /static: the worker's version changes whenever any file in them does.
    let staticDirectories: [String]

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
        // Hashing every static file takes a while: it runs beside the start, and a request that comes first awaits it
        // (without holding a thread).
        let worker = Task.detached(priority: .medium) { serviceWorker() }
        router.get("/sw.js") { _, _ -> Response in
            let worker = await worker.value
            // Browsers check a worker for updates at most daily whatever the header says; no-cache makes them ask now.
            return Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: worker)))
        }
    }

    /// static/sw.js with its version: the SHA-256 of every static file's name and bytes, read once at start.
    private func serviceWorker() -> String {
        let template = (try? String(contentsOfFile: ServerResources.path("static/sw.js"), encoding: .utf8)) ?? ""
        var files: [URL] = []
        for directory in staticDirectories {
            let root = URL(fileURLWithPath: directory)
            let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects as? [URL] ?? []
            files += found.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        }
        var pending = files.sorted { $0.path < $1.path }.flatMap { file in
            [Data(file.lastPathComponent.utf8), (try? Data(contentsOf: file)) ?? Data()]
        }[...]
        let version = SHA256Hex.digest(chunks: { pending.popFirst() })
        return template.replacingOccurrences(of: "__VERSION__", with: String(version.prefix(16)))
    }
}
