import CadenceCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Storage

/// Drops live history older than the replay window, once a minute, for as long as the server runs.
struct LivePruner: Service {
    let events: any LiveEventRepository
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await events.prune(olderThan: clock.now().addingTimeInterval(-LiveRules.historyLifetime))
                } catch {
                    logger.warning("pruning live history failed", metadata: ["error": .string(String(describing: error))])
                }
                try await Task.sleep(for: .seconds(60))
            }
        }
    }
}
