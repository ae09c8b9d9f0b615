import CadenceCore
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Sends what runs on a clock (a talk's cues, a workout's intervals) to the wrist at its instants, timed by the server
/// so it arrives with the phone locked and no page open (issue 37). What the moments are, where runs are stored and
/// where a moment goes is the `Source`'s; the timing, the claims and the skipping are the same for every feature.
///
/// Every instance keeps the runs it knows of in memory: those changed here (`changed`), and those any instance
/// saved, found by polling the source twice a second. When a moment falls due, the instance reads the run again
/// (another instance may have paused it since), checks the moment still stands, claims it (the first claim wins),
/// and only then sends it. So each goes out once, across instances and restarts; one that is more than
/// `timeToLive` late is skipped, not sent.
public final class WristMomentScheduler<Source: WristMomentSource>: Service, Sendable {
    public typealias Subject = Source.Subject

    let source: Source
    let listeners: any WristCueListeners
    let clock: any WallClock
    let logger: Logger

    /// How often other instances' changes are looked for.
    static var pollInterval: Duration { .milliseconds(500) }
    /// The longest the loop sleeps, so a change made on this instance is acted on within it.
    static var longestSleep: Int64 { 50 }
    /// A change is looked for this far before the last poll (a transaction that committed late, clocks apart).
    static var pollOverlap: TimeInterval { 2 }
    /// A notification that could not go out within this long of its moment is dropped, never shown late.
    public static var timeToLive: Int64 { 30_000 }

    struct Tracked: Sendable {
        var accountID: UUID
        var subject: Subject
        /// Moments sent, claimed elsewhere, or skipped: not tried again.
        var handled: Set<String> = []
        /// The earliest instant a moment not yet handled falls due; nil: nothing left to send.
        var nextAt: Int64?
    }

    private let tracked = Mutex<[UUID: Tracked]>([:])
    /// False in the tests, which step the clock and send by hand.
    let sendsAtOnce: Bool
    /// False where no other instance shares the database (SQLite): after the first look (a restart's runs), every
    /// change is made here and heard through `changed`, so the table is not polled.
    let otherInstancesMayChangeRuns: Bool
    private let lastPoll = Mutex<Date?>(nil)

    public init(source: Source, listeners: any WristCueListeners, clock: any WallClock, logger: Logger, sendsAtOnce: Bool = true,
                otherInstancesMayChangeRuns: Bool = true) {
        self.source = source
        self.listeners = listeners
        self.clock = clock
        self.logger = logger
        self.sendsAtOnce = sendsAtOnce
        self.otherInstancesMayChangeRuns = otherInstancesMayChangeRuns
    }

    public func run() async throws {
        try await cancelWhenGracefulShutdown {
            var polledAt = ContinuousClock.now - Self.pollInterval
            while !Task.isCancelled {
                let polledBefore = self.lastPoll.withLock { $0 != nil }
                if ContinuousClock.now - polledAt >= Self.pollInterval, self.otherInstancesMayChangeRuns || !polledBefore {
                    polledAt = ContinuousClock.now
                    do { try await self.poll() } catch {
                        self.logger.warning("wrist moments: runs not read", metadata: ["error": .string(String(describing: error))])
                    }
                }
                let next = await self.sendDue()
                let now = self.clock.now().millisecondsSince1970
                let wait = max(1, min(Self.longestSleep, (next ?? .max) - now))
                try await Task.sleep(for: .milliseconds(wait))
            }
        }
    }

    /// A run was started or changed on this instance: its moments are worked out again, and what that made due
    /// (the first cue of a start, the cue Next brought) goes out now rather than after the loop's sleep.
    public func changed(_ subject: Subject, accountID: UUID) {
        track([(accountID, subject)], now: clock.now().millisecondsSince1970)
        if sendsAtOnce { Task { await self.sendDue() } }
    }

    /// Learns of runs any instance saved since the last look; the first look (at start, or after a restart) reaches
    /// back over the source's longest run, so a run that was going on resumes its schedule.
    public func poll() async throws {
        let now = clock.now()
        let since = lastPoll.withLock { $0 }.map { $0.addingTimeInterval(-Self.pollOverlap) } ?? now.addingTimeInterval(-source.reachBack)
        let changed = try await source.changed(since: since)
        lastPoll.withLock { $0 = now }
        track(changed, now: now.millisecondsSince1970)
    }

    private func track(_ subjects: [(accountID: UUID, subject: Subject)], now: Int64) {
        tracked.withLock { tracked in
            for changed in subjects {
                let id = source.id(of: changed.subject)
                var entry = tracked[id] ?? Tracked(accountID: changed.accountID, subject: changed.subject)
                entry.subject = changed.subject
                entry.nextAt = nextAt(entry, now: now)
                // A run with nothing left to send is forgotten; a resume or a restart of it comes back by `changed` or the poll.
                tracked[id] = entry.nextAt == nil ? nil : entry
            }
        }
    }

    /// The earliest moment of the run not yet handled and not too late to send.
    private func nextAt(_ entry: Tracked, now: Int64) -> Int64? {
        source.moments(of: entry.subject, at: now).first { !entry.handled.contains($0.key) && now - $0.at <= Self.timeToLive }?.at
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
        let id = source.id(of: entry.subject)
        do {
            // Read again: another instance may have paused, stepped or stopped it since this one heard.
            guard let fresh = try await source.fresh(entry.subject, accountID: entry.accountID) else { return forget(id) }
            entry.subject = fresh
            let now = clock.now().millisecondsSince1970
            let listening = try await listeners.wantsWristCues(accountID: entry.accountID, from: source.module)
            for moment in source.moments(of: fresh, at: now) where moment.at <= now && !entry.handled.contains(moment.key) {
                entry.handled.insert(moment.key)
                // Too late to be worth a buzz, or nobody listening: skipped, not claimed (another instance may still be in time).
                guard now - moment.at <= Self.timeToLive, listening else { continue }
                guard try await source.claim(moment, of: fresh, at: clock.now()) else { continue }
                try await source.send(moment, of: fresh, accountID: entry.accountID)
            }
        } catch {
            logger.warning("wrist moment not sent", metadata: ["run": .string(id.uuidString), "error": .string(String(describing: error))])
        }
        let now = clock.now().millisecondsSince1970
        tracked.withLock { tracked in
            guard var current = tracked[id] else { return }
            current.handled.formUnion(entry.handled)
            // A newer copy (a change made meanwhile) wins over the one read here.
            if !source.isNewer(current.subject, than: entry.subject) { current.subject = entry.subject }
            current.nextAt = nextAt(current, now: now)
            tracked[id] = current.nextAt == nil ? nil : current
        }
    }

    private func forget(_ id: UUID) {
        _ = tracked.withLock { $0.removeValue(forKey: id) }
    }

    /// How many runs this instance is timing (for the bench and the tests).
    public var trackedRuns: Int { tracked.withLock { $0.count } }
}
