import Foundation

/// Counts failed attempts (sign-ins, pairing guesses) per key in a sliding window. After
/// `limit` failures inside `window`, further attempts are refused until the oldest
/// failure leaves the window. Pure state: the caller owns the lock and the clock.
public struct AttemptThrottle: Sendable {
    public let limit: Int
    public let window: TimeInterval
    private var failures: [String: [Date]] = [:]

    public init(limit: Int = 5, window: TimeInterval = 15 * 60) {
        self.limit = limit
        self.window = window
    }

    /// Seconds to wait before `key` may try again, or nil when it may try now.
    public mutating func retryAfter(_ key: String, now: Date) -> TimeInterval? {
        let recent = prune(key, now: now)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, (oldest.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up))
    }

    public mutating func recordFailure(_ key: String, now: Date) {
        var recent = prune(key, now: now)
        recent.append(now)
        failures[key] = recent
    }

    public mutating func reset(_ key: String) {
        failures[key] = nil
    }

    /// Drops failures older than the window (and empty keys, so memory stays bounded by active attackers).
    private mutating func prune(_ key: String, now: Date) -> [Date] {
        let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
        failures[key] = recent.isEmpty ? nil : recent
        return recent
    }
}
