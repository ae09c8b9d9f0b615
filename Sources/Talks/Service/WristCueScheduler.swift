import CadenceCore
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Talks

/// Sends a running talk's moments (each cue, "2 minutes left", "Time's up") to the wrist at their instants, timed
/// by the server so they arrive with the phone locked and no page open (issue 37).
///
/// Every instance keeps the runs it knows of in memory: those stepped here (`changed`), and those any instance
/// saved, found by polling `talk_runs.updated_at` twice a second. When a moment falls due, the instance reads the
/// run again (another instance may have paused it since), checks it is still the cast run and the moment still
/// stands, claims it (`talk_wrist_cues`: the first insert wins), and only then sends it. So each goes out once,
/// across instances and restarts; one that is more than `WristCue.timeToLive` late is skipped, not sent.
public final class WristCueScheduler: Service, Sendable {
    let store: any TalkStore
    let sender: any WristCueSender
    let listeners: any WristCueListeners
    let clock: any WallClock
    let logger: Logger

    /// How often other instances' changes are looked for.
    static let pollInterval: Duration = .milliseconds(500)
    /// The longest the loop sleeps, so a step taken on this instance is acted on within it.
    static let longestSleep: Int64 = 50
    /// A change is looked for this far before the last poll (a transaction that committed late, clocks apart).
    static let pollOverlap: TimeInterval = 2

    struct Tracked {
        var accountID: UUID
        var run: StoredRun
        /// Moments sent, claimed elsewhere, or skipped: not tried again.
        var handled: Set<String> = []
        /// The earliest instant a moment not yet handled falls due; nil: nothing left to send.
        var nextAt: Int64?
    }

    private let tracked = Mutex<[UUID: Tracked]>([:])
    /// False in the tests, which step the clock and send by hand.
    let sendsAtOnce: Bool
    private let lastPoll = Mutex<Date?>(nil)

    public init(store: any TalkStore, sender: any WristCueSender, listeners: any WristCueListeners, clock: any WallClock, logger: Logger,
                sendsAtOnce: Bool = true) {
        self.sendsAtOnce = sendsAtOnce
        self.store = store
        self.sender = sender
        self.listeners = listeners
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        try await cancelWhenGracefulShutdown {
            var polledAt = ContinuousClock.now - Self.pollInterval
            while !Task.isCancelled {
                if ContinuousClock.now - polledAt >= Self.pollInterval {
                    polledAt = ContinuousClock.now
                    do { try await self.poll() } catch {
                        self.logger.warning("wrist cues: runs not read", metadata: ["error": .string(String(describing: error))])
                    }
                }
                let next = await self.sendDue()
                let now = self.clock.now().millisecondsSince1970
                let wait = max(1, min(Self.longestSleep, (next ?? .max) - now))
                try await Task.sleep(for: .milliseconds(wait))
            }
        }
    }

    /// A run was started or stepped on this instance: its moments are worked out again, and what that made due
    /// (the first cue of a start, the cue Next brought) goes out now rather than after the loop's sleep.
    public func changed(_ run: StoredRun, accountID: UUID) {
        track([AccountRun(accountID: accountID, run: run)], now: clock.now().millisecondsSince1970)
        if sendsAtOnce { Task { await self.sendDue() } }
    }

    /// Learns of runs any instance saved since the last look; the first look (at start, or after a restart) reaches
    /// back over the longest talk, so a run that was going on resumes its schedule.
    public func poll() async throws {
        let now = clock.now()
        let since = lastPoll.withLock { $0 }.map { $0.addingTimeInterval(-Self.pollOverlap) }
            ?? now.addingTimeInterval(-TimeInterval(Topic.maximumDuration) - 3600)
        let changed = try await store.runsChanged(since: since)
        lastPoll.withLock { $0 = now }
        track(changed, now: now.millisecondsSince1970)
    }

    private func track(_ runs: [AccountRun], now: Int64) {
        tracked.withLock { tracked in
            for changed in runs {
                var entry = tracked[changed.run.id] ?? Tracked(accountID: changed.accountID, run: changed.run)
                entry.run = changed.run
                entry.nextAt = Self.nextAt(entry, now: now)
                // A run with nothing left to send is forgotten; a resume or a restart of it comes back by `changed` or the poll.
                tracked[changed.run.id] = entry.nextAt == nil ? nil : entry
            }
        }
    }

    /// The earliest moment of the run not yet handled and not too late to send.
    static func nextAt(_ entry: Tracked, now: Int64) -> Int64? {
        entry.run.run.wristCues(at: now).first { !entry.handled.contains($0.key) && now - $0.at <= WristCue.timeToLive }?.at
    }

    /// Sends what has fallen due (each run's moments one after another, the runs side by side).
    /// - Returns: when the next moment falls due, as far as this instance knows.
    @discardableResult
    public func sendDue() async -> Int64? {
        let now = clock.now().millisecondsSince1970
        let due = tracked.withLock { tracked in tracked.values.filter { ($0.nextAt ?? .max) <= now } }
        await withTaskGroup(of: Void.self) { group in
            for entry in due { group.addTask { await self.sendDue(of: entry) } }
        }
        return tracked.withLock { $0.values.compactMap(\.nextAt).min() }
    }

    private func sendDue(of entry: Tracked) async {
        var entry = entry
        do {
            // Read again: another instance may have paused, stepped or stopped it since this one heard.
            guard let fresh = try await store.run(id: entry.run.id, accountID: entry.accountID),
                  try await store.cast(accountID: entry.accountID)?.runID == fresh.id else {
                return forget(entry.run.id)
            }
            entry.run = fresh
            let now = clock.now().millisecondsSince1970
            let listening = try await listeners.wantsWristCues(accountID: entry.accountID)
            for moment in fresh.run.wristCues(at: now) where moment.at <= now && !entry.handled.contains(moment.key) {
                entry.handled.insert(moment.key)
                // Too late to be worth a buzz, or nobody listening: skipped, not claimed (another instance may still be in time).
                guard now - moment.at <= WristCue.timeToLive, listening else { continue }
                guard try await store.claimWristCue(runID: fresh.id, moment: moment.key, at: clock.now()) else { continue }
                try await sender.send(moment, of: fresh, accountID: entry.accountID)
            }
        } catch {
            logger.warning("wrist cue not sent", metadata: ["run": .string(entry.run.id.uuidString), "error": .string(String(describing: error))])
        }
        let now = clock.now().millisecondsSince1970
        tracked.withLock { tracked in
            guard var current = tracked[entry.run.id] else { return }
            current.handled.formUnion(entry.handled)
            // A newer copy (a step taken meanwhile) wins over the one read here.
            if current.run.run.steps.count <= entry.run.run.steps.count { current.run = entry.run }
            current.nextAt = Self.nextAt(current, now: now)
            tracked[entry.run.id] = current.nextAt == nil ? nil : current
        }
    }

    private func forget(_ runID: UUID) {
        _ = tracked.withLock { $0.removeValue(forKey: runID) }
    }

    /// How many runs this instance is timing (for the bench and the tests).
    public var trackedRuns: Int { tracked.withLock { $0.count } }
}

/// Where a claimed moment goes: the web layer publishes it, and the push rules make the notification.
public protocol WristCueSender: Sendable {
    func send(_ cue: WristCue, of run: StoredRun, accountID: UUID) async throws
}
