import CadenceCore
import Foundation
import Hummingbird
import Logging
import PlatformService
import ServiceLifecycle
import Storage

/// Housekeeping for as long as the server runs: says this instance is alive (so its
/// sockets count as online), forgets instances that died, and drops live history
/// older than the replay window.
struct LivePruner: Service {
    let live: LiveService
    let presence: any PresenceRepository
    let logger: Logger

    func run() async throws {
        // Sockets live in their channels, not in tasks the server waits for: on the way out, say goodbye to each.
        defer { live.hub.closeAll() }
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let now = live.clock.now()
                do {
                    try await presence.heartbeat(instanceID: live.instanceID, at: now)
                    try await presence.pruneInstances(deadBefore: now.addingTimeInterval(-PresenceRules.instanceTimeout))
                    try await live.events.prune(olderThan: now.addingTimeInterval(-LiveRules.historyLifetime))
                } catch {
                    logger.warning("live housekeeping failed", metadata: ["error": .string(String(describing: error))])
                }
                try await Task.sleep(for: .seconds(PresenceRules.heartbeatInterval))
            }
        }
    }
}
