import Foundation

/// What a (re)connecting device with `lastSeen` must be sent, given the history kept.
public enum ReplayPlan: Equatable, Sendable {
    /// Nothing missed.
    case upToDate
    /// Send the kept events after `lastSeen`.
    case replay(after: Int64)
    /// The gap is no longer in history (or `lastSeen` is from the future): reload state.
    case resync

    /// - Parameters:
    ///   - lastSeen: the client's last seq, nil for a first connection.
    ///   - latest: the account's newest seq (0 when it has none).
    ///   - oldestKept: the oldest seq still in history, nil when history is empty.
    public init(lastSeen: Int64?, latest: Int64, oldestKept: Int64?) {
        guard let lastSeen else { self = .upToDate; return }
        if lastSeen == latest { self = .upToDate; return }
        if lastSeen > latest { self = .resync; return }
        // Events lastSeen+1 … latest must all still be kept.
        guard let oldestKept, oldestKept <= lastSeen + 1 else { self = .resync; return }
        self = .replay(after: lastSeen)
    }
}
