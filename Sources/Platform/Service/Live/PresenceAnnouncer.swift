import Foundation
import Synchronization

/// Coalesces presence announcements per account: when many devices connect at
/// once (a room of displays, a server restart), each account gets one `presence`
/// notice per quarter second instead of one per connection to every connection.
public final class PresenceAnnouncer: Sendable {
    private let pending = Mutex<Set<UUID>>([])
    public let delay: Duration

    public init(delay: Duration = .milliseconds(250)) {
        self.delay = delay
    }

    /// Calls `announce` for the account once, after `delay`, however often it is asked meanwhile.
    public func schedule(accountID: UUID, announce: @escaping @Sendable () -> Void) {
        let isFirst = pending.withLock { $0.insert(accountID).inserted }
        guard isFirst else { return }
        let delay = self.delay
        Task {
            try? await Task.sleep(for: delay)
            pending.withLock { _ = $0.remove(accountID) }
            announce()
        }
    }
}
