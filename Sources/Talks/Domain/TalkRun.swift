import CadenceCore
import Foundation

/// A run of a topic. The state at any instant is a pure function of the steps, so a
/// reload, a reconnect or a second watch computes the same cue from the same steps.
///
/// The keyword changes by itself at each cue's time; "next" shows the following cue
/// at once (later cues keep their times). The run finishes at the estimated
/// duration, on "next" past the last cue, or on "stop".
///
/// Sources/Server/Resources/static/talk-run.js computes the same states on the watch and the phone; both run the
/// cases of Tests/TalksTests/talk-run-cases.json. Times are whole milliseconds, so a
/// cue's instant is exact however the pauses fell.
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

    private static func seconds(_ milliseconds: Int64) -> Double { Double(milliseconds) / 1000 }

    private func scheduledIndex(at elapsedMs: Int64) -> Int? {
        cues.lastIndex { Int64($0.at) * 1000 <= elapsedMs }
    }

    private func replay(until now: Int64) -> Replay {
        let durationMs = Int64(duration) * 1000
        var phase = RunSnapshot.Phase.notStarted
        var startedAt: Int64?
        var bankedMs: Int64 = 0     // talking time up to the last pause
        var runningSince: Int64?    // when the clock last (re)started
        var manualIndex: Int?       // the furthest cue reached by "next"
        var finishedMs: Int64?
        var shownAt = [Double?](repeating: nil, count: cues.count)

        func elapsedMs(at instant: Int64) -> Int64 {
            bankedMs + (runningSince.map { instant - $0 } ?? 0)
        }
        func displayed(at elapsedMs: Int64) -> Int? {
            switch (scheduledIndex(at: elapsedMs), manualIndex) {
            case let (scheduled?, manual?): max(scheduled, manual)
            case let (scheduled, manual): scheduled ?? manual
            }
        }
        /// Marks cues the schedule reached by `elapsedMs` (those not already shown by "next").
        func markScheduled(upTo elapsedMs: Int64) {
            for (index, cue) in cues.enumerated() where Int64(cue.at) * 1000 <= elapsedMs && shownAt[index] == nil {
                shownAt[index] = Double(cue.at)
            }
        }
        func finished(at elapsedMs: Int64) -> Replay {
            markScheduled(upTo: elapsedMs)
            return Replay(snapshot: RunSnapshot(phase: .finished, elapsed: Self.seconds(elapsedMs), cueIndex: displayed(at: elapsedMs),
                                                nextCueAt: nil, remaining: Self.seconds(max(0, durationMs - elapsedMs)), pace: nil),
                          shownAt: shownAt)
        }

        for step in steps where step.at <= now {
            let current = elapsedMs(at: step.at)
            // It ended by itself before this step.
            if phase == .running, current >= durationMs { return finished(at: durationMs) }
            markScheduled(upTo: current)
            switch step.action {
            case .start:
                phase = .running
                startedAt = step.at
                runningSince = step.at
            case .pause:
                bankedMs = current
                runningSince = nil
                phase = .paused
            case .resume:
                runningSince = step.at
                phase = .running
            case .next:
                let following = (displayed(at: current) ?? -1) + 1
                if following >= cues.count {
                    finishedMs = current
                } else {
                    manualIndex = following
                    if shownAt[following] == nil { shownAt[following] = Self.seconds(current) }
                }
            case .stop:
                finishedMs = current
            }
            if let finishedMs { return finished(at: finishedMs) }
        }

        let current = elapsedMs(at: now)
        if phase == .running, current >= durationMs { return finished(at: durationMs) }
        // Before the start nothing is on screen, even a cue at 0:00.
        let index = phase == .notStarted ? nil : displayed(at: current)
        if phase != .notStarted { markScheduled(upTo: current) }
        let nextIndex = (index ?? -1) + 1
        let nextCueAt = nextIndex < cues.count ? cues[nextIndex].at : nil
        // The next cue (or the end) is due that long after the start, on the audience's clock.
        let pace = startedAt.map { Pace(dueAt: $0 + Int64(nextCueAt ?? duration) * 1000, now: now) }
        return Replay(snapshot: RunSnapshot(phase: phase, elapsed: Self.seconds(current), cueIndex: index,
                                            nextCueAt: nextCueAt.map(Double.init), remaining: Self.seconds(max(0, durationMs - current)),
                                            pace: pace),
                      shownAt: shownAt)
    }
}
