import CadenceCore
import Foundation

/// A moment of a run that goes to the wrist as a notification (issue 37): a cue appearing, "2 minutes left", and
/// "Time's up". Each has a key that is the same on every instance and after a restart, so it is claimed, and sent,
/// once per run.
public struct WristCue: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The cue at this index came on screen (by its time, or by Next).
        case cue(index: Int)
        case twoMinutesLeft
        case timesUp
    }

    public let kind: Kind
    /// When it fell (or falls) due: milliseconds since 1970, on the server's clock.
    public let at: Int64
    /// The run as it stands at that instant (which cue, what is next, the pace).
    public let snapshot: RunSnapshot

    /// The claim's key within the run: a cue is shown once per run, and so is each of the others.
    public var key: String {
        switch kind {
        case .cue(let index): "cue-\(index)"
        case .twoMinutesLeft: "left-120"
        case .timesUp: "end"
        }
    }

    /// A notification that could not go out within this long of its moment is dropped, never shown late.
    public static let timeToLive: Int64 = 30_000
    /// Seconds before the end at which "2 minutes left" goes out (talks shorter than that get none).
    public static let warningBeforeEnd = 120
}

extension TalkRun {
    /// The run's wrist moments that have fallen due by `now` or will fall due if nothing else happens (a pause
    /// holds every later one: while paused none has an instant yet; Stop ends them), in the order they fall.
    ///
    /// Worked out from `snapshot(at:)` itself, at each instant where the cue on screen could change (a step, a
    /// cue's time reached), so the notifications can never disagree with the watch page.
    public func wristCues(at now: Int64) -> [WristCue] {
        guard let start = steps.first(where: { $0.action == .start })?.at else { return [] }
        var instants = Set(steps.map(\.at).filter { $0 <= now })
        let targets = cues.map { Int64($0.at) * 1000 } + [Int64(duration - WristCue.warningBeforeEnd) * 1000, Int64(duration) * 1000]
        for target in targets where target >= 0 {
            if let instant = instant(whenElapsedReaches: target, now: now) { instants.insert(instant) }
        }
        var moments: [WristCue] = []
        var shown: Int?
        var warned = false
        for instant in instants.sorted() where instant >= start {
            let snapshot = snapshot(at: instant)
            if snapshot.phase == .finished {
                // Only the end the clock reached is "Time's up" (Stop, or Next past the last cue, just ends).
                if snapshot.remaining == 0 {
                    moments.append(WristCue(kind: .timesUp, at: instant, snapshot: snapshot))
                }
                break
            }
            if let index = snapshot.cueIndex, index != shown {
                shown = index
                moments.append(WristCue(kind: .cue(index: index), at: instant, snapshot: snapshot))
            }
            if !warned, duration > WristCue.warningBeforeEnd, snapshot.phase == .running,
               snapshot.remaining <= Double(WristCue.warningBeforeEnd) {
                warned = true
                moments.append(WristCue(kind: .twoMinutesLeft, at: instant, snapshot: snapshot))
            }
        }
        return moments
    }

    /// The wall-clock instant at which the talk's clock reads `target` ms, with the steps known: in the past, or
    /// ahead while the run is running at `now`; nil while paused there or after the end.
    func instant(whenElapsedReaches target: Int64, now: Int64) -> Int64? {
        var banked: Int64 = 0
        var runningSince: Int64?
        for step in steps where step.at <= now {
            switch step.action {
            case .start, .resume:
                if runningSince == nil { runningSince = step.at }
            case .pause, .next, .stop:
                if step.action == .next { continue }
                if let since = runningSince {
                    if banked + (step.at - since) >= target { return since + (target - banked) }
                    banked += step.at - since
                    runningSince = nil
                }
                if step.action == .stop { return nil }
            }
        }
        guard let since = runningSince else { return nil }
        return since + max(0, target - banked)
    }
}
