import CadenceCore
import Foundation
import Tempo

/// Runs (M4, M5): started by a device with its own id, fed samples over HTTP or the live
/// channel (merged by time, so resending is harmless), finished with their pauses, and
/// imported from or exported to GPX and TCX. Stats are computed when a run finishes or is
/// imported, and again whenever samples arrive later (a watch syncing after the run).
public struct TempoRuns: Sendable {
    public let store: any RunStore
    public let plans: any TempoStore
    public let clock: any WallClock
    /// Told of every run started, paused or resumed here, and of its readings (issue 37); nil: nothing on the wrist.
    public let wrist: RunWrist?

    public init(store: any RunStore, plans: any TempoStore, clock: any WallClock, wrist: RunWrist? = nil) {
        self.store = store
        self.plans = plans
        self.clock = clock
        self.wrist = wrist
    }

    /// Imports up to this size (a 10-hour GPX with heart rate and cadence is about 10 MB).
    public static let maximumImportBytes = 64 << 20

    public func start(_ input: NewRunInput, accountID: UUID) async throws -> (RunRecord, created: Bool) {
        let started = input.startedAt.millisecondsSince1970
        guard started >= RunSampleRules.earliest, started <= clock.now().millisecondsSince1970 + RunSampleRules.maximumFutureSkew else {
            throw ValidationError(field: "startedAt", "startedAt is when the run began: after 2000 and not ahead of now.",
                                  key: "tempo.runs.error.started_at")
        }
        var planJSON: String?
        var activity = input.activity ?? .running
        if let planID = input.planId {
            guard let plan = try await plans.plan(id: planID, accountID: accountID) else { throw NotFound("plan") }
            planJSON = try TempoJSON.json(plan)  // the plan as it was when the run began
            if input.activity == nil { activity = plan.activity }
        }
        let name = try input.name.map(Self.checkName) ?? Self.defaultName(activity: activity, startedAt: input.startedAt)
        let record = RunRecord(id: input.id, name: name, activity: activity.rawValue, source: "recorded", status: .recording,
                               planJSON: planJSON, playlistID: input.playlistId, startedAt: started, simulated: input.simulated ?? false)
        guard let created = try await store.createRun(record, accountID: accountID, at: clock.now()) else {
            throw Conflict(code: "id_taken", "This run id is taken; generate a new UUID.", field: "id", key: "tempo.runs.error.id_taken")
        }
        let run = try await requireRun(input.id, accountID: accountID)
        if created { wrist?.changed(run, accountID: accountID) }
        return (run, created)
    }

    /// Stores samples; a finished run's stats are brought up to date.
    /// Merges samples into the run by time, and notes where their readings came from.
    public func addSamples(_ samples: [RunSample], sources: RunSensors.Unchecked? = nil, runID: UUID, accountID: UUID) async throws
        -> (SampleMerge, RunRecord)
    {
        try RunSampleRules.validate(samples, now: clock.now().millisecondsSince1970)
        guard let merge = try await store.addSamples(samples, runID: runID, accountID: accountID, at: clock.now()) else {
            throw NotFound("run")
        }
        var run = try await requireRun(runID, accountID: accountID)
        if let sources {
            var sensors = run.sensors
            sensors.merge(sources)
            if sensors != run.sensors {
                run.sensors = sensors
                try await store.saveRun(run, accountID: accountID, at: clock.now())
            }
        }
        if run.status == .finished, merge.added > 0 { run = try await summarize(run, accountID: accountID) }
        if run.status == .recording, merge.added > 0 { await wrist?.readingsArrived(run, accountID: accountID) }
        return (merge, run)
    }

    /// A recording run's pauses as the device playing it has them now, the last one open while it stands paused
    /// (or after End, until it is saved): the server times the plan's notifications by them (issue 37).
    public func setPauses(_ input: PausesInput, runID: UUID, accountID: UUID) async throws -> RunRecord {
        var run = try await requireRun(runID, accountID: accountID)
        guard run.status == .recording else { throw Self.pausesOfASavedRun }
        let latest = clock.now().millisecondsSince1970 + RunSampleRules.maximumFutureSkew
        var pauses: [RunPause] = []
        for (index, pause) in input.pauses.enumerated() {
            let start = pause.start.millisecondsSince1970, end = pause.end?.millisecondsSince1970
            guard start >= run.startedAt, start <= latest, (end ?? start) >= start, (end ?? start) <= latest,
                  end != nil || index == input.pauses.count - 1
            else {
                throw ValidationError(field: "pauses[\(index)]", "A pause starts after the run did and ends after it starts; only the last may still be open.",
                                      key: "tempo.runs.error.live_pause")
            }
            pauses.append(RunPause(start: start, end: end))
        }
        // Saved by another device meanwhile: the same refusal.
        guard try await store.savePauses(pauses, runID: runID, accountID: accountID, at: clock.now()) else { throw Self.pausesOfASavedRun }
        run.pauses = pauses
        wrist?.changed(run, accountID: accountID)
        return run
    }

    static let pausesOfASavedRun = Conflict(code: "run_finished", "This run is saved; its pauses were set when it finished.",
                                            key: "tempo.runs.error.pauses_finished")

    public func finish(_ input: FinishInput, runID: UUID, accountID: UUID) async throws -> RunRecord {
        var run = try await requireRun(runID, accountID: accountID)
        let ended = input.endedAt.millisecondsSince1970
        guard ended >= run.startedAt else {
            throw ValidationError(field: "endedAt", "endedAt is after the run's start.", key: "tempo.runs.error.ended_at")
        }
        var pauses: [RunPause] = []
        for (index, pause) in (input.pauses ?? []).enumerated() {
            let start = pause.start.millisecondsSince1970, end = pause.end?.millisecondsSince1970 ?? ended
            guard start >= run.startedAt, start <= end, end <= ended else {
                throw ValidationError(field: "pauses[\(index)]", "A pause lies within the run and ends after it starts.",
                                      key: "tempo.runs.error.pause")
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
    public func update(_ input: UpdateRunInput, runID: UUID, accountID: UUID) async throws -> RunRecord {
        var run = try await requireRun(runID, accountID: accountID)
        guard input.name != nil || input.activity != nil else {
            throw ValidationError(field: "name", "Send a new name, an activity, or both.", key: "tempo.runs.error.update_empty")
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
    public func details(_ runID: UUID, accountID: UUID) async throws -> (RunRecord, RunAnalysis) {
        let run = try await requireRun(runID, accountID: accountID)
        let samples = try await store.samples(runID: runID, accountID: accountID) ?? []
        return (run, RunAnalysis(run: run, samples: samples, profile: try await profile(accountID: accountID), now: clock.now()))
    }

    public func samples(_ runID: UUID, accountID: UUID) async throws -> [RunSample] {
        guard let samples = try await store.samples(runID: runID, accountID: accountID) else { throw NotFound("run") }
        return samples
    }

    public func requireRun(_ id: UUID, accountID: UUID) async throws -> RunRecord {
        guard let run = try await store.run(id: id, accountID: accountID) else { throw NotFound("run") }
        return run
    }

    /// The account's runs, newest first (the history lists at most 500).
    public func list(accountID: UUID) async throws -> [RunRecord] {
        try await store.runs(accountID: accountID, limit: 500)
    }

    /// Week by week and personal bests over the finished runs a sensor measured (simulated ones are left out). A run
    /// whose stored stats are of an older shape than today's readers need is summarised again, once.
    public func progress(accountID: UUID, weeks: Int, timeZone: TimeZone = TimeZone(identifier: "UTC")!) async throws -> RunProgress {
        var runs: [RunProgress.Run] = []
        for record in try await list(accountID: accountID) where record.status == .finished && !record.simulated {
            var summary = record.summaryJSON.flatMap(StoredRunSummary.read)
            if summary?.isCurrent != true {
                summary = try await summarize(record, accountID: accountID).summaryJSON.flatMap(StoredRunSummary.read)
            }
            guard let summary else { continue }
            runs.append(RunProgress.Run(id: record.id, startedAt: record.startedAt, distance: summary.distance,
                                        movingSeconds: summary.movingSeconds, bestEfforts: summary.bestEfforts ?? []))
        }
        return RunProgress(runs: runs, weeks: weeks, now: clock.now(), timeZone: timeZone)
    }

    public func delete(_ id: UUID, accountID: UUID) async throws {
        guard try await store.deleteRun(id: id, accountID: accountID) else { throw NotFound("run") }
    }

    public func profile(accountID: UUID) async throws -> RunnerProfileRecord {
        try await store.profile(accountID: accountID)
    }

    /// The runner's weight, birth year and sex, for the heart-rate calorie formulas, and their maximum heart rate for
    /// the zones; each is checked for sense.
    public func saveProfile(_ input: ProfileInput, accountID: UUID) async throws {
        if let weight = input.weightKg, !(weight.isFinite && (20...400).contains(weight)) {
            throw ValidationError(field: "weightKg", "weightKg is your weight in kilograms, between 20 and 400.", key: "tempo.runs.error.weight")
        }
        if let born = input.birthYear, !((year - 110)...(year - 5)).contains(born) {
            throw ValidationError(field: "birthYear", "birthYear is the year you were born, between \(year - 110) and \(year - 5).",
                                  key: "tempo.runs.error.birth_year", ["min": String(year - 110), "max": String(year - 5)])
        }
        if let sex = input.sex, !["female", "male", "other"].contains(sex) {
            throw ValidationError(field: "sex", "sex is female, male or other (the heart-rate calorie formulas differ by sex).",
                                  key: "tempo.runs.error.sex")
        }
        if let maximum = input.maxHeartRate, !(maximum.isFinite && HeartRateZones.maximumRange.contains(maximum)) {
            throw ValidationError(field: "maxHeartRate", "maxHeartRate is your highest heart rate in beats per minute, between 100 and 240.",
                                  key: "tempo.runs.error.max_heart_rate")
        }
        try await store.saveProfile(RunnerProfileRecord(weightKg: input.weightKg, birthYear: input.birthYear, sex: input.sex,
                                                        maxHeartRate: input.maxHeartRate),
                                    accountID: accountID, at: clock.now())
    }

    /// The year now, for ages.
    public var year: Int {
        Calendar(identifier: .gregorian).component(.year, from: clock.now())
    }

    /// Computes and stores the run's stats (distance and duration also as columns, for the history).
    @discardableResult
    public func summarize(_ run: RunRecord, accountID: UUID) async throws -> RunRecord {
        var run = run
        let samples = try await store.samples(runID: run.id, accountID: accountID) ?? []
        let analysis = RunAnalysis(run: run, samples: samples, profile: try await profile(accountID: accountID), now: clock.now())
        run.summaryJSON = try StoredRunSummary(analysis.summary).json()
        run.distanceMeters = analysis.summary.distance
        run.durationMs = Int64((analysis.summary.elapsedSeconds * 1000).rounded())
        try await store.saveRun(run, accountID: accountID, at: clock.now())
        return run
    }

    public static func checkName(_ text: String) throws -> String {
        try RequiredText.check(text, field: "name", maximumLength: 200, whenEmpty: "Give the run a name.", noun: "A run's name",
                               keys: .under("tempo.runs.error.name"))
    }

    /// A run's activity as the API names it: running, walking, cycling, or other (none of
    /// these: cleaning then drops only what no GPS receiver can record, and calories need a heart rate).
    public static func checkActivity(_ text: String, field: String = "activity") throws -> String {
        guard text == "other" || Activity(rawValue: text) != nil else {
            throw ValidationError(field: field, "\(field) is running, walking, cycling or other.", key: "tempo.runs.error.activity", ["field": field])
        }
        return text
    }

    public static func defaultName(activity: Activity?, startedAt: Date) -> String {
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: startedAt).hour ?? 12
        let part = hour < 12 ? "Morning" : hour < 18 ? "Afternoon" : "Evening"
        let noun = activity.map { ["running": "run", "walking": "walk", "cycling": "ride"][$0.rawValue] ?? "run" } ?? "activity"
        return "\(part) \(noun)"
    }
}
