import CadenceCore
import Foundation
import Logging
import Tempo

/// A planned run on the wrist (issue 37): its interval moments, timed by the scheduler from its plan and pauses, and
/// heart-rate warnings, checked as the readings arrive. Both go only to accounts where a phone asked for them.
public struct RunWrist: Sendable {
    public let scheduler: RunWristScheduler
    let store: any RunStore
    let sender: any RunWristSender
    let listeners: any WristCueListeners
    let clock: any WallClock
    let logger: Logger

    public init(store: any RunStore, sender: any RunWristSender, listeners: any WristCueListeners, clock: any WallClock, logger: Logger,
                sendsAtOnce: Bool = true, otherInstancesMayChangeRuns: Bool = true) {
        scheduler = RunWristScheduler(source: RunWristMoments(store: store, sender: sender), listeners: listeners, clock: clock, logger: logger,
                                      sendsAtOnce: sendsAtOnce, otherInstancesMayChangeRuns: otherInstancesMayChangeRuns)
        self.store = store
        self.sender = sender
        self.listeners = listeners
        self.clock = clock
        self.logger = logger
    }

    /// The run began or its pauses changed here: its moments are timed again at once.
    func changed(_ run: RunRecord, accountID: UUID) {
        guard let planned = PlannedRun(run) else { return }
        scheduler.changed(planned, accountID: accountID)
    }

    /// Readings reached the run: a heart rate above the plan's zone for long enough warns, at most once a minute
    /// across instances. A failure here never fails the samples' upload.
    func readingsArrived(_ run: RunRecord, accountID: UUID) async {
        guard let planned = PlannedRun(run) else { return }
        let now = clock.now()
        do {
            let profile = try await store.profile(accountID: accountID)
            let year = Calendar(identifier: .gregorian).component(.year, from: now)
            guard let maximum = HeartRateZones.maximum(own: profile.maxHeartRate, birthYear: profile.birthYear, year: year)?.value,
                  let recent = try await store.samples(runID: run.id, accountID: accountID,
                                                       since: now.millisecondsSince1970 - HeartRateWarning.freshness - HeartRateWarning.sustained),
                  let warning = HeartRateWarning.check(recent, timeline: planned.timeline, clock: planned.clock, maximumHeartRate: maximum,
                                                       now: now.millisecondsSince1970),
                  try await listeners.wantsWristCues(accountID: accountID, from: .tempo),
                  try await store.claimHeartRateWarning(runID: run.id, at: now, gap: HeartRateWarning.gap)
            else { return }
            try await sender.send(warning, of: run, accountID: accountID)
        } catch {
            logger.warning("heart-rate warning not sent", metadata: ["run": .string(run.id.uuidString), "error": .string(String(describing: error))])
        }
    }
}
