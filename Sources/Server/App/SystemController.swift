import Foundation
import Hummingbird
import NIOCore
import Storage
import Web

/// Probes and descriptions for operators and API clients: `/healthz`, `/metrics`, `/openapi.yaml`.
struct SystemController {
    let database: Database

    func addRoutes(to router: Router<AppContext>) {
        router.get("/healthz") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
        }
        router.get("/readyz") { _, _ in
            // Ready means the database answers, not merely that the process is up.
            try await database.sql.raw("SELECT 1").run()
            return Response.json(["status": "ready", "database": database.engine.rawValue])
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: CadenceMetrics.registry.emitToBuffer())))
        }
        let spec = (try? Data(contentsOf: URL(fileURLWithPath: ServerResources.path("openapi.yaml")))) ?? Data()
        router.get("/openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(bytes: spec)))
        }
    }
}
