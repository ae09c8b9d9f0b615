import CadenceCore
import Foundation
import Synchronization

/// The shared, locked home of the sign-in throttle. Kept per process: with several
/// instances an attacker gets `limit` tries per instance, still far too few to guess.
final class ThrottleGuard: Sendable {
    private let perAddress: Mutex<LoginThrottle>
    private let perClient: Mutex<LoginThrottle>

    init(limit: Int = 5, clientLimit: Int = 50, window: TimeInterval = 15 * 60) {
        perAddress = Mutex(LoginThrottle(limit: limit, window: window))
        perClient = Mutex(LoginThrottle(limit: clientLimit, window: window))
    }

    /// Seconds to wait, when either the address or the client has failed too often.
    func retryAfter(email: String, client: String?, now: Date) -> TimeInterval? {
        let byEmail = perAddress.withLock { $0.retryAfter(email, now: now) }
        let byClient = client.flatMap { key in perClient.withLock { $0.retryAfter(key, now: now) } }
        return [byEmail, byClient].compactMap { $0 }.max()
    }

    func recordFailure(email: String, client: String?, now: Date) {
        perAddress.withLock { $0.recordFailure(email, now: now) }
        if let client { perClient.withLock { $0.recordFailure(client, now: now) } }
    }

    func recordSuccess(email: String) {
        perAddress.withLock { $0.reset(email) }
    }
}
