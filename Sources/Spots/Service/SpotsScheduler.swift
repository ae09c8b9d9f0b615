import Foundation
import Logging
import ServiceLifecycle

/// Loads the gazetteer, then fires time alerts as they fall due, for as long as the server runs. At start it sends
/// what fell due while the server was down (marked late). Twice a second is well inside
/// the precision a reminder needs, and the query is one indexed lookup. Once an hour (and at start) it forgets
/// decisions older than the location retention.
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
            var prunedAt = ContinuousClock.now - .seconds(3600)
            while !Task.isCancelled {
                if ContinuousClock.now - prunedAt >= .seconds(3600) {
                    prunedAt = ContinuousClock.now
                    do {
                        let pruned = try await spots.pruneOldDecisions()
                        if pruned > 0 { logger.info("forgot \(pruned) place and time decisions past the retention period") }
                    } catch {
                        logger.warning("pruning old decisions failed", metadata: ["error": .string(String(describing: error))])
                    }
                }
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
