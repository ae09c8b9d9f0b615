import Foundation
import Tempo

/// A run's samples cleaned (and what cleaning changed) and its stats, with the runner's profile.
public struct RunAnalysis {
    public let cleaning: CleaningReport
    public let summary: RunSummary

    public init(run: RunRecord, samples: [RunSample], profile: RunnerProfileRecord, now: Date) {
        let cleaned = TrackCleaning.clean(samples, activity: run.knownActivity, pauses: run.pauses)
        cleaning = cleaned.report
        summary = RunStats.compute(
            samples: cleaned.samples, activity: run.knownActivity, profile: Self.profile(profile, now: now),
            pausedIntervals: run.pauses.map { $0.start...($0.end ?? run.endedAt ?? now.millisecondsSince1970) })
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
