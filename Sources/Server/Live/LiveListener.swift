import CadenceCore
import Foundation
import Logging
import ServiceLifecycle
import Storage

/// With PostgreSQL, hears of events published by any instance (LISTEN/NOTIFY) and
/// hands them to this instance's sockets (P4). Reconnects with backoff when the
/// listening connection fails; a socket that missed events meanwhile fills the gap
/// from history on its next event.
struct LiveListener: Service {
    let database: Database
    let events: any LiveEventRepository
    let hub: LiveHub
    let live: LiveService
    let logger: Logger

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            var attempt = 0
            while !Task.isCancelled {
                do {
                    try await database.listen(LiveService.channel, logger: logger, onListening: {
                        logger.info("listening for live events from other instances")
                    }) { payload in
                        await deliver(payload)
                    }
                } catch is CancellationError {
                    return
                } catch {
                    logger.warning("live listener lost its connection; retrying", metadata: ["error": .string(String(describing: error))])
                }
                attempt = min(attempt + 1, 6)
                try await Task.sleep(for: .milliseconds(100 << attempt))
            }
        }
    }

    private func deliver(_ payload: String) async {
        guard let message = LiveMessage(payload: payload) else { return }
        // Most instances hold no socket of a given account: skip the work for those.
        guard !hub.online(accountID: message.accountID).isEmpty else { return }
        switch message {
        case .event(let accountID, let seq):
            do {
                if let event = try await events.event(accountID: accountID, seq: seq) { hub.deliver(event) }
            } catch {
                logger.warning("reading a live event failed", metadata: ["error": .string(String(describing: error))])
            }
        case .presence(let accountID):
            live.announcePresence(accountID: accountID)
        }
    }
}
