import Foundation
import Storage
import Tempo

/// A run's samples cleaned (and what cleaning changed) and its stats, with the runner's profile.
struct RunAnalysis {
    let cleaning: CleaningReport
    let summary: RunSummary

    init(run: RunRecord, samples: [RunSample], profile: RunnerProfileRecord, now: Date) {
        let cleaned = TrackCleaning.clean(samples, activity: run.knownActivity, pauses: run.pauses)
        cleaning = cleaned.report
        summary = RunStats.compute(
            samples: cleaned.samples, activity: run.knownActivity, profile: Self.profile(profile, now: now),
            pausedIntervals: run.pauses.map { $0.start...($0.end ?? run.endedAt ?? now.millisecondsSince1970) })
    }

    static func profile(_ record: RunnerProfileRecord, now: Date) -> RunnerProfile {
        let year = Calendar(identifier: .gregorian).component(.year, from: now)
        return RunnerProfile(weightKg: record.weightKg, age: record.birthYear.map { Double(year - $0) },
                             sex: record.sex.flatMap(RunnerProfile.Sex.init(rawValue:)))
    }
}

extension RunRecord {
    /// The activity cleaning and calories go by: nil for "other" (a file that names none, or a
    /// person who says it was none of these).
    var knownActivity: Activity? { Activity(rawValue: activity) }

    /// How an activity is stored and shown: its name, or "other".
    static func activityName(_ activity: Activity?) -> String { activity?.rawValue ?? "other" }
}

/// A run in the history list.
struct TempoRunItem: Encodable {
    let id: UUID
    let name: String
    let activity: String
    let source: String
    let status: String
    /// The runner simulator made its readings: not a measurement, and not a record.
    let simulated: Bool
    let startedAt: Date
    let endedAt: Date?
    let distanceMeters: Double?
    let durationSeconds: Double?
    let sampleCount: Int
    let playlistId: UUID?
    let url: String

    init(_ run: RunRecord) {
        id = run.id
        name = run.name
        activity = run.activity
        source = run.source
        status = run.status.rawValue
        simulated = run.simulated
        startedAt = Date(millisecondsSince1970: run.startedAt)
        endedAt = run.endedAt.map(Date.init(millisecondsSince1970:))
        distanceMeters = run.distanceMeters
        durationSeconds = run.durationMs.map { Double($0) / 1000 }
        sampleCount = run.sampleCount
        playlistId = run.playlistID
        url = "/phone/tempo/runs/\(run.id.uuidString.lowercased())"
    }
}

/// A run with its stats, what cleaning did, and its plan's segments (for the live pages).
struct TempoRunBody: Encodable {
    let run: TempoRunItem
    let pauses: [RunPause]
    let summary: RunSummary
    let cleaning: CleaningReport
    let plan: PlanBody?
    /// For an imported run: what reading its file did (points left out, warnings, notes).
    let importReport: ImportReport?

    init(run: RunRecord, analysis: RunAnalysis) {
        importReport = run.importReportJSON.flatMap { try? TempoPlansController.decode(ImportReport.self, $0) }
        self.run = TempoRunItem(run)
        pauses = run.pauses
        summary = analysis.summary
        cleaning = analysis.cleaning
        plan = run.planJSON.flatMap { try? TempoPlansController.decode(WorkoutPlan.self, $0) }.map { PlanBody($0) }
    }
}
