import CadenceCore
import Foundation
import Logging
import Talks
import WristMoments

/// Times a running talk's moments (each cue, "2 minutes left", "Time's up") for the wrist (issue 37): the cast
/// run's moments, claimed in `talk_wrist_cues`.
public typealias WristCueScheduler = WristMomentScheduler<TalkWristMoments>

extension WristMomentScheduler where Source == TalkWristMoments {
    public convenience init(store: any TalkStore, sender: any WristCueSender, listeners: any WristCueListeners, clock: any WallClock,
                            logger: Logger, sendsAtOnce: Bool = true, otherInstancesMayChangeRuns: Bool = true) {
        self.init(source: TalkWristMoments(store: store, sender: sender), listeners: listeners, clock: clock, logger: logger,
                  sendsAtOnce: sendsAtOnce, otherInstancesMayChangeRuns: otherInstancesMayChangeRuns)
    }
}

extension WristCue: WristMoment {}

/// Talks' runs as the scheduler sees them: only the account's cast run sends, found by `talk_runs.updated_at`.
public struct TalkWristMoments: WristMomentSource {
    let store: any TalkStore
    let sender: any WristCueSender

    public func id(of run: StoredRun) -> UUID { run.id }

    public func moments(of run: StoredRun, at now: Int64) -> [WristCue] { run.run.wristCues(at: now) }

    public func changed(since: Date) async throws -> [(accountID: UUID, subject: StoredRun)] {
        try await store.runsChanged(since: since).map { ($0.accountID, $0.run) }
    }

    public func fresh(_ run: StoredRun, accountID: UUID) async throws -> StoredRun? {
        guard let fresh = try await store.run(id: run.id, accountID: accountID),
              try await store.cast(accountID: accountID)?.runID == fresh.id else { return nil }
        return fresh
    }

    public func claim(_ cue: WristCue, of run: StoredRun, at: Date) async throws -> Bool {
        try await store.claimWristCue(runID: run.id, moment: cue.key, at: at)
    }

    public func send(_ cue: WristCue, of run: StoredRun, accountID: UUID) async throws {
        try await sender.send(cue, of: run, accountID: accountID)
    }

    /// Every step is kept in the run, so the copy with more steps is the later one.
    public func isNewer(_ a: StoredRun, than b: StoredRun) -> Bool { a.run.steps.count > b.run.steps.count }

    /// The longest talk, and an hour over.
    public var reachBack: TimeInterval { TimeInterval(Topic.maximumDuration) + 3600 }
    public var module: PushModule { .talks }
}

/// Where a claimed moment goes: the web layer publishes it, and the push rules make the notification.
public protocol WristCueSender: Sendable {
    func send(_ cue: WristCue, of run: StoredRun, accountID: UUID) async throws
}
