import CadenceCore
import Foundation
import Synchronization
import Web

/// A shared, locked `AttemptThrottle`. Kept per process: with several instances an
/// attacker gets `limit` tries per instance, still far too few to guess a password or code.
final class LockedThrottle: Sendable {
    private let throttle: Mutex<AttemptThrottle>

    init(limit: Int, window: TimeInterval) {
        throttle = Mutex(AttemptThrottle(limit: limit, window: window))
    }

    func retryAfter(_ key: String, now: Date) -> TimeInterval? { throttle.withLock { $0.retryAfter(key, now: now) } }
    func recordFailure(_ key: String, now: Date) { throttle.withLock { $0.recordFailure(key, now: now) } }
    func reset(_ key: String) { throttle.withLock { $0.reset(key) } }
}

/// Sign-in throttling: per address (5 failures in 15 minutes) and per client (50).
final class ThrottleGuard: Sendable {
    private let perAddress: LockedThrottle
    private let perClient: LockedThrottle

    init(limit: Int = 5, clientLimit: Int = 50, window: TimeInterval = 15 * 60) {
        perAddress = LockedThrottle(limit: limit, window: window)
        perClient = LockedThrottle(limit: clientLimit, window: window)
    }

    /// Seconds to wait, when either the address or the client has failed too often.
    func retryAfter(email: String, client: String?, now: Date) -> TimeInterval? {
        let byEmail = perAddress.retryAfter(email, now: now)
        let byClient = client.flatMap { perClient.retryAfter($0, now: now) }
        return [byEmail, byClient].compactMap { $0 }.max()
    }

    func recordFailure(email: String, client: String?, now: Date) {
        perAddress.recordFailure(email, now: now)
        if let client { perClient.recordFailure(client, now: now) }
    }

    func recordSuccess(email: String) {
        perAddress.reset(email)
    }
}

extension APIError {
    /// 429 with Retry-After, worded for a person.
    static func tooManyAttempts(_ what: String, retryAfter seconds: TimeInterval) -> APIError {
        let minutes = Int((seconds / 60).rounded(.up))
        let wait = seconds < 60 ? "\(Int(seconds)) seconds" : (minutes == 1 ? "1 minute" : "\(minutes) minutes")
        var error = APIError(.tooManyRequests, code: "too_many_attempts", "Too many \(what). Try again in \(wait).")
        error.headers[.retryAfter] = String(Int(seconds))
        return error
    }
}
