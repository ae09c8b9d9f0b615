import Foundation

/// What to do after a push service answered (RFC 8030 §5–8): done, drop the subscription, try again later, or give up.
public struct PushRetryPolicy: Sendable {
    public enum Next: Equatable, Sendable {
        case delivered
        /// 404/410: the browser unsubscribed or the subscription expired; it will never work again.
        case removeSubscription
        case retry(after: TimeInterval)
        case giveUp(reason: String)
    }

    /// Attempts in all, the first included.
    public var attempts: Int
    /// The first wait; doubled each time (1 s, 2 s, 4 s…).
    public var firstDelay: TimeInterval
    /// A push service's Retry-After is honoured up to this; longer, and the alert would be stale anyway.
    public var longestDelay: TimeInterval

    public init(attempts: Int = 4, firstDelay: TimeInterval = 1, longestDelay: TimeInterval = 60) {
        self.attempts = attempts
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
    }

    /// - Parameters:
    ///   - attempt: 1 for the first try.
    ///   - status: the HTTP status, or nil when the request failed to get an answer (connection refused, timeout).
    public func next(attempt: Int, status: Int?, retryAfter: TimeInterval?) -> Next {
        switch status {
        case .some(200..<300): return .delivered
        case .some(404), .some(410): return .removeSubscription
        case .some(429), .some(500...599), .none:
            guard attempt < attempts else {
                return .giveUp(reason: status.map { "The push service answered \($0) \(attempts) times." }
                    ?? "The push service could not be reached (\(attempts) tries).")
            }
            let backoff = firstDelay * pow(2, Double(attempt - 1))
            return .retry(after: min(longestDelay, max(backoff, retryAfter ?? 0)))
        case .some(let other):
            // 400 (bad request), 401/403 (key refused), 413 (too big): retrying the same request cannot help.
            return .giveUp(reason: "The push service refused the message (\(other)).")
        }
    }
}
