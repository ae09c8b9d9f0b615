import CadenceCore
import Foundation

/// What a speaker (or the phone) did during a run, and when (milliseconds since 1970).
public struct RunStep: Equatable, Sendable, Codable {
    public enum Action: String, Equatable, Sendable, Codable {
        case start, pause, resume, next, stop
    }

    public let action: Action
    public let at: Int64

    public init(_ action: Action, at: Int64) {
        self.action = action
        self.at = at
    }
}

/// Where a run stands at one instant (T4).
public struct RunSnapshot: Equatable, Sendable {
    public enum Phase: String, Equatable, Sendable, Codable {
        case notStarted, running, paused, finished
    }

    public let phase: Phase
    /// Seconds of talking so far, pauses excluded.
    public let elapsed: Double
    /// The cue on screen; nil before the first cue's time.
    public let cueIndex: Int?
    /// When (in elapsed seconds) the next cue appears by itself; nil after the last.
    public let nextCueAt: Double?
    /// Seconds left of the estimated duration (0 when over).
    public let remaining: Double
}

/// When each cue actually appeared, against its plan: the rehearsal log (T5).
public struct CueTiming: Equatable, Sendable, Codable {
    public let cueID: UUID
    public let keyword: String
    public let planned: Int
    /// Elapsed seconds when it appeared; nil if the run ended before it.
    public let actual: Double?
    /// Positive: it came later than planned; negative: the speaker moved on early.
    public var drift: Double? { actual.map { $0 - Double(planned) } }
}

public enum RunError: Error, Equatable, CustomStringConvertible {
    case notAllowed(action: RunStep.Action, phase: RunSnapshot.Phase)
    case outOfOrder

    public var description: String {
        switch self {
        case .notAllowed(let action, let phase): "\"\(action.rawValue)\" is not possible while the run is \(phase.rawValue)."
        case .outOfOrder: "A step cannot come before the previous one."
        }
    }
}

/// A run of a topic. The state at any instant is a pure function of the steps, so a
/// reload, a reconnect or a second watch computes the same cue from the same steps.
///
/// The keyword changes by itself at each cue's time; "next" shows the following cue
/// at once (later cues keep their times). The run finishes at the estimated
/// duration, on "next" past the last cue, or on "stop".
public struct TalkRun: Equatable, Sendable, Codable {
    public let cues: [Cue]
    public let duration: Int
    public private(set) var steps: [RunStep] = []

    public init(topic: Topic) {
        cues = topic.cues
        duration = topic.duration
    }

    /// Records a step, refusing one the run's phase does not allow.
    public mutating func apply(_ step: RunStep) throws(RunError) {
        if let last = steps.last, step.at < last.at { throw RunError.outOfOrder }
        let phase = snapshot(at: step.at).phase
        let allowed: Bool = switch step.action {
        case .start: phase == .notStarted
        case .pause: phase == .running
        case .resume: phase == .paused
        case .next: phase == .running || phase == .paused
        case .stop: phase == .running || phase == .paused
        }
        guard allowed else { throw RunError.notAllowed(action: step.action, phase: phase) }
        steps.append(step)
    }

    public func snapshot(at now: Int64) -> RunSnapshot {
        replay(until: now).snapshot
    }

    /// Each cue's actual appearance against its plan, as of `now`.
    public func timings(at now: Int64) -> [CueTiming] {
        let shown = replay(until: now).shownAt
        return cues.enumerated().map { index, cue in
            CueTiming(cueID: cue.id, keyword: cue.keyword, planned: cue.at, actual: shown[index])
        }
    }

    // MARK: Replaying the steps

    private struct Replay {
        var snapshot: RunSnapshot
        var shownAt: [Double?]
    }

    private func scheduledIndex(at elapsed: Double) -> Int? {
        cues.lastIndex { Double($0.at) <= elapsed }
    }

    private func replay(until now: Int64) -> Replay {
        var phase = RunSnapshot.Phase.notStarted
        var banked = 0.0            // elapsed seconds up to the last pause
        var runningSince: Int64?    // when the clock last (re)started
        var manualIndex: Int?       // the furthest cue reached by "next"
        var finishedAt: Double?
        var shownAt = [Double?](repeating: nil, count: cues.count)

        func elapsed(at instant: Int64) -> Double {
            banked + (runningSince.map { Double(instant - $0) / 1000 } ?? 0)
        }
        func displayed(at elapsed: Double) -> Int? {
            switch (scheduledIndex(at: elapsed), manualIndex) {
            case let (scheduled?, manual?): max(scheduled, manual)
            case let (scheduled, manual): scheduled ?? manual
            }
        }
        /// Marks cues the schedule reached by `elapsed` (those not already shown by "next").
        func markScheduled(upTo elapsed: Double) {
            for (index, cue) in cues.enumerated() where Double(cue.at) <= elapsed && shownAt[index] == nil {
                shownAt[index] = Double(cue.at)
            }
        }

        for step in steps where step.at <= now && finishedAt == nil {
            var current = elapsed(at: step.at)
            if phase == .running, current >= Double(duration) {
                current = Double(duration)  // it ended by itself before this step
                markScheduled(upTo: current)
                finishedAt = current
                break
            }
            markScheduled(upTo: current)
            switch step.action {
            case .start:
                phase = .running
                runningSince = step.at
            case .pause:
                banked = current
                runningSince = nil
                phase = .paused
            case .resume:
                runningSince = step.at
                phase = .running
            case .next:
                let following = (displayed(at: current) ?? -1) + 1
                if following >= cues.count {
                    finishedAt = current
                } else {
                    manualIndex = following
                    if shownAt[following] == nil { shownAt[following] = current }
                }
            case .stop:
                finishedAt = current
            }
        }

        if let finishedAt {
            let index = displayed(at: finishedAt)
            return Replay(snapshot: RunSnapshot(phase: .finished, elapsed: finishedAt, cueIndex: index, nextCueAt: nil,
                                                remaining: max(0, Double(duration) - finishedAt)), shownAt: shownAt)
        }
        var current = elapsed(at: now)
        if phase == .running, current >= Double(duration) {
            current = Double(duration)
            markScheduled(upTo: current)
            return Replay(snapshot: RunSnapshot(phase: .finished, elapsed: current, cueIndex: displayed(at: current), nextCueAt: nil,
                                                remaining: 0), shownAt: shownAt)
        }
        // Before the start nothing is on screen, even a cue at 0:00.
        let index = phase == .notStarted ? nil : displayed(at: current)
        if phase != .notStarted { markScheduled(upTo: current) }
        let nextIndex = (index ?? -1) + 1
        let nextCueAt = nextIndex < cues.count ? Double(cues[nextIndex].at) : nil
        return Replay(snapshot: RunSnapshot(phase: phase, elapsed: current, cueIndex: index, nextCueAt: nextCueAt,
                                            remaining: max(0, Double(duration) - current)), shownAt: shownAt)
    }
}
