import Foundation
import Synchronization

/// A shared, locked `AttemptThrottle`. Kept per process: with several instances an
/// attacker gets `limit` tries per instance, still far too few to guess a password or code.
public final class LockedThrottle: Sendable {
    private let throttle: Mutex<AttemptThrottle>

    public init(limit: Int, window: TimeInterval) {
        throttle = Mutex(AttemptThrottle(limit: limit, window: window))
    }

    public func retryAfter(_ key: String, now: Date) -> TimeInterval? { throttle.withLock { $0.retryAfter(key, now: now) } }
    public func recordFailure(_ key: String, now: Date) { throttle.withLock { $0.recordFailure(key, now: now) } }
    public func reset(_ key: String) { throttle.withLock { $0.reset(key) } }
}
