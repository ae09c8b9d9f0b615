import Foundation

/// What a planned run sends to the wrist (issue 37): each interval as it begins, "Halfway", and "Done" at the plan's
/// end. Worked out from the plan and the run's clock alone, so the server times them with the phone's page
/// suspended, and a pause holds every later one.
public struct RunWristMoment: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The plan's segment at this index begins; `halfway` when the plan's midpoint falls on its start.
        case interval(index: Int, halfway: Bool)
        case halfway
        case done
    }

    public let kind: Kind
    /// When it falls due: milliseconds since 1970, on the server's clock.
    public let at: Int64

    public init(kind: Kind, at: Int64) {
        self.kind = kind
        self.at = at
    }

    /// The claim's key within the run: each goes out once per run.
    public var key: String {
        switch kind {
        case .interval(let index, _): "interval-\(index)"
        case .halfway: "halfway"
        case .done: "done"
        }
    }

    /// A midpoint this close to an interval's start is said with that interval, not as a second notification.
    static let sameMoment = 1.0
}

extension PlanTimeline {
    /// The run's moments in time order; none after a pause that is still open. A plan under a minute has no halfway.
    public func wristMoments(clock: RunClock) -> [RunWristMoment] {
        guard totalDuration > 0 else { return [] }
        let half = totalDuration / 2
        let halfwayStart = totalDuration >= 60 ? segments.firstIndex { abs($0.start - half) < RunWristMoment.sameMoment } : nil
        var timed: [(seconds: Double, kind: RunWristMoment.Kind)] = segments.map {
            ($0.start, .interval(index: $0.index, halfway: $0.index == halfwayStart))
        }
        if totalDuration >= 60, halfwayStart == nil { timed.append((half, .halfway)) }
        timed.append((totalDuration, .done))
        timed.sort { $0.seconds < $1.seconds }
        var moments: [RunWristMoment] = []
        for (seconds, kind) in timed {
            guard let at = clock.instant(afterActive: seconds) else { break }
            moments.append(RunWristMoment(kind: kind, at: at))
        }
        return moments
    }
}
