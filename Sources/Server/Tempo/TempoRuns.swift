import CadenceCore
import Foundation
import Storage
import Tempo
import Web

/// Runs (M4, M5): started by a device with its own id, fed samples over HTTP or the live
/// channel (merged by time, so resending is harmless), finished with their pauses, and
/// imported from or exported to GPX and TCX. Stats are computed when a run finishes or is
/// imported, and again whenever samples arrive later (a watch syncing after the run).
struct TempoRuns: Sendable {
    let store: any RunRepository
    let plans: any TempoRepository
    let clock: any WallClock

    /// Imports up to this size (a 10-hour GPX with heart rate and cadence is about 10 MB).
    static let maximumImportBytes = 64 << 20

    func start(_ input: NewRunInput, accountID: UUID) async throws -> (RunRecord, created: Bool) {
        let started = input.startedAt.millisecondsSince1970
        guard started >= RunSampleRules.earliest, started <= clock.now().millisecondsSince1970 + RunSampleRules.maximumFutureSkew else {
            throw APIError.invalid(field: "startedAt", "startedAt is when the run began: after 2000 and not ahead of now.")
        }
        var planJSON: String?
        var activity = input.activity ?? .running
        if let planID = input.planId {
            guard let json = try await plans.plan(id: planID, accountID: accountID) else { throw APIError.notFound("plan") }
            planJSON = json
            if input.activity == nil, let plan = try? TempoPlansController.decode(WorkoutPlan.self, json) { activity = plan.activity }
        }
        let name = try input.name.map(Self.checkName) ?? Self.defaultName(activity: activity, startedAt: input.startedAt)
        let record = RunRecord(id: input.id, name: name, activity: activity.rawValue, source: "recorded", status: .recording,
                               planJSON: planJSON, playlistID: input.playlistId, startedAt: started, simulated: input.simulated ?? false)
        guard let created = try await store.createRun(record, accountID: accountID, at: clock.now()) else {
            throw APIError(.conflict, code: "id_taken", "This run id is taken; generate a new UUID.", field: "id")
        }
        return (try await requireRun(input.id, accountID: accountID), created)
    }

    /// Stores samples; a finished run's stats are brought up to date.
    func addSamples(_ samples: [RunSample], runID: UUID, accountID: UUID) async throws -> (SampleMerge, RunRecord) {
        do {
            try RunSampleRules.validate(samples, now: clock.now().millisecondsSince1970)
        } catch {
            throw APIError.invalid(field: error.field, error.message)
        }
        guard let merge = try await store.addSamples(samples, runID: runID, accountID: accountID, at: clock.now()) else {
            throw APIError.notFound("run")
        }
        var run = try await requireRun(runID, accountID: accountID)
        if run.status == .finished, merge.added > 0 { run = try await summarize(run, accountID: accountID) }
        return (merge, run)
    }

    func finish(_ input: FinishInput, runID: UUID, accountID: UUID) async throws -> RunRecord {
        var run = try await requireRun(runID, accountID: accountID)
        let ended = input.endedAt.millisecondsSince1970
        guard ended >= run.startedAt else {
            throw APIError.invalid(field: "endedAt", "endedAt is after the run's start.")
        }
        var pauses: [RunPause] = []
        for (index, pause) in (input.pauses ?? []).enumerated() {
            let start = pause.start.millisecondsSince1970, end = pause.end?.millisecondsSince1970 ?? ended
            guard start >= run.startedAt, start <= end, end <= ended else {
                throw APIError.invalid(field: "pauses[\(index)]", "A pause lies within the run and ends after it starts.")
            }
            pauses.append(RunPause(start: start, end: end))
        }
        run.endedAt = ended
        run.pauses = pauses
        run.status = .finished
        return try await summarize(run, accountID: accountID)
    }

    /// Renames the run and/or says what activity it was (then its stats are computed again:
    /// cleaning and calories depend on it).
    func update(_ input: UpdateRunInput, runID: UUID, accountID: UUID) async throws -> RunRecord {
        var run = try await requireRun(runID, accountID: accountID)
        guard input.name != nil || input.activity != nil else {
            throw APIError.invalid(field: "name", "Send a new name, an activity, or both.")
        }
        if let name = input.name { run.name = try Self.checkName(name) }
        if let activity = input.activity, activity != run.activity {
            run.activity = try Self.checkActivity(activity)
            if run.status == .finished { return try await summarize(run, accountID: accountID) }
        }
        try await store.saveRun(run, accountID: accountID, at: clock.now())
        return run
    }

    /// The run with its stats: stored for a finished run, computed now for one still recording.
    func details(_ runID: UUID, accountID: UUID) async throws -> (RunRecord, RunAnalysis) {
        let run = try await requireRun(runID, accountID: accountID)
        let samples = try await store.samples(runID: runID, accountID: accountID) ?? []
        return (run, RunAnalysis(run: run, samples: samples, profile: try await profile(accountID: accountID), now: clock.now()))
    }

    func samples(_ runID: UUID, accountID: UUID) async throws -> [RunSample] {
        guard let samples = try await store.samples(runID: runID, accountID: accountID) else { throw APIError.notFound("run") }
        return samples
    }

    func requireRun(_ id: UUID, accountID: UUID) async throws -> RunRecord {
        guard let run = try await store.run(id: id, accountID: accountID) else { throw APIError.notFound("run") }
        return run
    }

    func profile(accountID: UUID) async throws -> RunnerProfileRecord {
        try await store.profile(accountID: accountID)
    }

    /// Computes and stores the run's stats (distance and duration also as columns, for the history).
    @discardableResult
    func summarize(_ run: RunRecord, accountID: UUID) async throws -> RunRecord {
        var run = run
        let samples = try await store.samples(runID: run.id, accountID: accountID) ?? []
        let analysis = RunAnalysis(run: run, samples: samples, profile: try await profile(accountID: accountID), now: clock.now())
        run.summaryJSON = try TempoPlansController.json(analysis.summary)
        run.distanceMeters = analysis.summary.distance
        run.durationMs = Int64((analysis.summary.elapsedSeconds * 1000).rounded())
        try await store.saveRun(run, accountID: accountID, at: clock.now())
        return run
    }

    static func checkName(_ text: String) throws -> String {
        do {
            return try RequiredText.check(text, field: "name", maximumLength: 200, whenEmpty: "Give the run a name.", noun: "A run's name")
        } catch {
            throw APIError.invalid(field: error.field, error.message)
        }
    }

    /// A run's activity as the API names it: running, walking, cycling, or other (none of
    /// these: cleaning then drops only what no GPS receiver can record, and calories need a heart rate).
    static func checkActivity(_ text: String, field: String = "activity") throws -> String {
        guard text == "other" || Activity(rawValue: text) != nil else {
            throw APIError.invalid(field: field, "\(field) is running, walking, cycling or other.")
        }
        return text
    }

    static func defaultName(activity: Activity?, startedAt: Date) -> String {
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: startedAt).hour ?? 12
        let part = hour < 12 ? "Morning" : hour < 18 ? "Afternoon" : "Evening"
        let noun = activity.map { ["running": "run", "walking": "walk", "cycling": "ride"][$0.rawValue] ?? "run" } ?? "activity"
        return "\(part) \(noun)"
    }
}
