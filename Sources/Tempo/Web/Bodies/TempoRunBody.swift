import Foundation
import Web
import Hummingbird
import Tempo
import TempoService

/// A run with its stats, what cleaning did, and its plan's segments (for the live pages).
struct TempoRunBody: JSONResponse {
    let run: TempoRunItem
    let pauses: [RunPause]
    let summary: RunSummary
    let cleaning: CleaningReport
    let plan: PlanBody?
    /// For a planned run: each interval planned against measured.
    let intervals: [IntervalBreakdown.Interval]
    /// Seconds of heart rate in each zone, with the maximum the zones use.
    let heartRateZones: IntervalBreakdown.ZoneTime?
    /// For an imported run: what reading its file did (points left out, warnings, notes).
    let importReport: ImportReport?

    init(run: RunRecord, analysis: RunAnalysis) {
        importReport = run.importReportJSON.flatMap { try? TempoJSON.decode(ImportReport.self, $0) }
        self.run = TempoRunItem(run)
        pauses = run.pauses
        summary = analysis.summary
        cleaning = analysis.cleaning
        intervals = analysis.intervals
        heartRateZones = analysis.zones
        plan = run.planJSON.flatMap { try? TempoJSON.decode(WorkoutPlan.self, $0) }.map { PlanBody($0) }
    }
}
