import Foundation
import Logging
import ServiceLifecycle

/// Loads the gazetteer, then fires time alerts as they fall due, for as long as the server runs. At start it sends
/// what fell due while the server was down (marked late). Twice a second is well inside
/// the precision a reminder needs, and the query is one indexed lookup.
public struct SpotsScheduler: Service {
    let spots: SpotsService
    let logger: Logger

    public init(spots: SpotsService, logger: Logger) {
        self.spots = spots
        self.logger = logger
    }

    public func run() async throws {
        // Load the gazetteer now rather than on someone's first search (a few seconds for 170,000 places).
        let warmUp = Task { [spots] in _ = try? await spots.searchPlaces("a", limit: 1) }
        defer { warmUp.cancel() }
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
