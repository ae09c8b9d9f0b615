import Foundation

/// A recording run's clock as the server knows it: when it began and its pauses so far (the last one open while the
/// runner stands still, or after End before the run is saved). The plan is timed in active seconds: the wall
/// clock with the pauses left out.
public struct RunClock: Sendable, Equatable {
    public let startedAt: Int64
    public let pauses: [RunPause]

    public init(startedAt: Int64, pauses: [RunPause]) {
        self.startedAt = startedAt
        self.pauses = pauses.sorted { $0.start < $1.start }
    }

    /// The wall instant (ms since 1970) at which the run will have been active for `seconds`; nil when a pause
    /// still open comes first (nothing later can be timed until the runner goes on).
    public func instant(afterActive seconds: Double) -> Int64? {
        var at = startedAt
        var left = Int64((seconds * 1000).rounded())
        for pause in pauses where (pause.end ?? .max) > at {
            let start = max(pause.start, at)
            if start - at >= left { break }
            left -= start - at
            guard let end = pause.end else { return nil }
            at = end
        }
        return at + left
    }

    /// Seconds active by `now`.
    public func activeSeconds(at now: Int64) -> Double {
        var paused: Int64 = 0
        for pause in pauses where pause.start < now {
            paused += min(pause.end ?? now, now) - max(pause.start, startedAt)
        }
        return Double(max(0, now - startedAt - paused)) / 1000
    }

    /// Whether the run stands paused at `now`.
    public func isPaused(at now: Int64) -> Bool {
        pauses.contains { $0.start <= now && ($0.end ?? .max) > now }
    }
}
