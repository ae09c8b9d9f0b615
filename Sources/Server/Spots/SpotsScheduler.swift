import Foundation
import Logging
import ServiceLifecycle

/// Fires time alerts as they fall due, for as long as the server runs. At start it sends
/// what fell due while the server was down (marked late). Twice a second is well inside
/// the precision a reminder needs, and the query is one indexed lookup.
struct SpotsScheduler: Service {
    let spots: SpotsService
    let logger: Logger

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await spots.fireDueTimeAlerts()
                } catch {
                    logger.warning("time alerts failed", metadata: ["error": .string(String(describing: error))])
                }
                try await Task.sleep(for: .milliseconds(500))
            }
        }
    }
}
