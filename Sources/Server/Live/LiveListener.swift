import CadenceCore
import Foundation
import Logging
import PlatformService
import ServiceLifecycle
import Storage

/// With PostgreSQL, hears what other instances did (LISTEN/NOTIFY, P4): events to
/// hand to this instance's sockets, presence changes, and revoked sessions to drop
/// from the session cache. Reconnects with backoff when the
/// listening connection fails; a socket that missed events meanwhile fills the gap
/// from history on its next event.
struct LiveListener: Service {
    let database: Database
    let events: any LiveEventRepository
    let hub: LiveHub
    let live: LiveService
    let sessionCache: SessionCache
    let logger: Logger

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            var attempt = 0
            while !Task.isCancelled {
                do {
                    try await database.listen(LiveMessage.channel, logger: logger, onListening: {
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
        switch message {
        case .sessionRevoked(let sessionID):
            sessionCache.remove(sessionID: sessionID)
        case .accountSessionsRevoked(let accountID, let keeping):
            sessionCache.removeAll(accountID: accountID, keeping: keeping)
        case .accountDeleted(let accountID):
            sessionCache.removeAll(accountID: accountID, keeping: nil)
            hub.closeAll(accountID: accountID, reason: AccountDeletion.closeReason)
        case .presence(let accountID):
            if hasSockets(accountID) { live.announcePresence(accountID: accountID) }
        case .event(let accountID, let seq):
            guard hasSockets(accountID) else { return }
            do {
                if let event = try await events.event(accountID: accountID, seq: seq) { hub.deliver(event) }
            } catch {
                logger.warning("reading a live event failed", metadata: ["error": .string(String(describing: error))])
            }
        }
    }

    /// Most instances hold no socket of a given account: they skip the work.
    private func hasSockets(_ accountID: UUID) -> Bool {
        !hub.online(accountID: accountID).isEmpty
    }
}
