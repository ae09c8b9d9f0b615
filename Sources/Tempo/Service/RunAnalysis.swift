import Foundation
import Tempo

/// A run's samples cleaned (and what cleaning changed) and its stats, with the runner's profile; for a planned run,
/// how each interval went; with heart rate and a known maximum, the time in each zone.
public struct RunAnalysis {
    public let cleaning: CleaningReport
    public let summary: RunSummary
    public let intervals: [IntervalBreakdown.Interval]
    public let zones: IntervalBreakdown.ZoneTime?

    public init(run: RunRecord, samples: [RunSample], profile: RunnerProfileRecord, now: Date) {
        let cleaned = TrackCleaning.clean(samples, activity: run.knownActivity, pauses: run.pauses)
        let paused = run.pauses.map { $0.start...($0.end ?? run.endedAt ?? now.millisecondsSince1970) }
        cleaning = cleaned.report
        summary = RunStats.compute(
            samples: cleaned.samples, activity: run.knownActivity, profile: Self.profile(profile, now: now), pausedIntervals: paused)
        let year = Calendar(identifier: .gregorian).component(.year, from: now)
        let segments = run.planJSON.flatMap { try? TempoJSON.decode(WorkoutPlan.self, $0) }?.timeline.segments ?? []
        (intervals, zones) = IntervalBreakdown.compute(
            samples: cleaned.samples, startedAt: run.startedAt,
            pauses: paused, segments: segments,
            heartRateMaximum: profile.heartRateMaximum(year: year)?.value)
    }

    public static func profile(_ record: RunnerProfileRecord, now: Date) -> RunnerProfile {
        let year = Calendar(identifier: .gregorian).component(.year, from: now)
        return RunnerProfile(weightKg: record.weightKg, age: record.birthYear.map { Double(year - $0) },
                             sex: record.sex.flatMap(RunnerProfile.Sex.init(rawValue:)))
    }
}

extension RunRecord {
    /// The activity cleaning and calories go by: nil for "other" (a file that names none, or a
    /// person who says it was none of these).
    public var knownActivity: Activity? { Activity(rawValue: activity) }

    /// How an activity is stored and shown: its name, or "other".
    public static func activityName(_ activity: Activity?) -> String { activity?.rawValue ?? "other" }
}
