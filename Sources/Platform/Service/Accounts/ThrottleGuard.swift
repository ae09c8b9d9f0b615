import CadenceCore
import Foundation
import Synchronization

/// Sign-in throttling: per address (5 failures in 15 minutes) and per client (50).
public final class ThrottleGuard: Sendable {
    private let perAddress: LockedThrottle
    private let perClient: LockedThrottle

    public init(limit: Int = 5, clientLimit: Int = 50, window: TimeInterval = 15 * 60) {
        perAddress = LockedThrottle(limit: limit, window: window)
        perClient = LockedThrottle(limit: clientLimit, window: window)
    }

    /// Seconds to wait, when either the address or the client has failed too often.
    public func retryAfter(email: String, client: String?, now: Date) -> TimeInterval? {
        let byEmail = perAddress.retryAfter(email, now: now)
        let byClient = client.flatMap { perClient.retryAfter($0, now: now) }
        return [byEmail, byClient].compactMap { $0 }.max()
    }

    public func recordFailure(email: String, client: String?, now: Date) {
        perAddress.recordFailure(email, now: now)
        if let client { perClient.recordFailure(client, now: now) }
    }

    public func recordSuccess(email: String) {
        perAddress.reset(email)
    }
}
