import CadenceCore
import Foundation
import Tempo
import WristMoments

/// Times a planned run's interval notifications for the wrist (issue 37), from its plan and its pauses.
public typealias RunWristScheduler = WristMomentScheduler<RunWristMoments>

extension RunWristMoment: WristMoment {}

/// A recording run with the plan it began with, laid out once.
public struct PlannedRun: Sendable {
    public let record: RunRecord
    public let timeline: PlanTimeline

    /// nil for a run without a plan, finished, or whose stored plan cannot be read.
    public init?(_ record: RunRecord) {
        guard record.status == .recording, let json = record.planJSON, let plan = try? TempoJSON.decode(WorkoutPlan.self, json) else { return nil }
        self.record = record
        timeline = plan.timeline
    }

    public var clock: RunClock { RunClock(startedAt: record.startedAt, pauses: record.pauses) }
}

/// Tempo's runs as the scheduler sees them: recording runs with a plan, found by `tempo_runs.updated_at`.
public struct RunWristMoments: WristMomentSource {
    let store: any RunStore
    let sender: any RunWristSender

    public func id(of run: PlannedRun) -> UUID { run.record.id }

    public func moments(of run: PlannedRun, at now: Int64) -> [RunWristMoment] { run.timeline.wristMoments(clock: run.clock) }

    public func changed(since: Date) async throws -> [(accountID: UUID, subject: PlannedRun)] {
        try await store.plannedRunsChanged(since: since).compactMap { changed in PlannedRun(changed.run).map { (changed.accountID, $0) } }
    }

    public func fresh(_ run: PlannedRun, accountID: UUID) async throws -> PlannedRun? {
        try await store.run(id: run.record.id, accountID: accountID).flatMap(PlannedRun.init)
    }

    public func claim(_ moment: RunWristMoment, of run: PlannedRun, at: Date) async throws -> Bool {
        try await store.claimWristMoment(runID: run.record.id, moment: moment.key, at: at)
    }

    public func send(_ moment: RunWristMoment, of run: PlannedRun, accountID: UUID) async throws {
        try await sender.send(moment, of: run, accountID: accountID)
    }

    /// Pauses are only ever added or closed, so the copy further along that list is the later one.
    public func isNewer(_ a: PlannedRun, than b: PlannedRun) -> Bool { Self.progress(a) > Self.progress(b) }

    private static func progress(_ run: PlannedRun) -> Int {
        run.record.pauses.count * 2 + (run.record.pauses.last.map { $0.end == nil ? 0 : 1 } ?? 0)
    }

    /// A run recording for longer than a day is not resumed after a restart.
    public var reachBack: TimeInterval { 86_400 }
    public var module: PushModule { .tempo }
}

/// Where a claimed moment or a heart-rate warning goes: the web layer publishes it, and the push rules make the
/// notification.
public protocol RunWristSender: Sendable {
    func send(_ moment: RunWristMoment, of run: PlannedRun, accountID: UUID) async throws
    func send(_ warning: HeartRateWarning, of run: RunRecord, accountID: UUID) async throws
}
