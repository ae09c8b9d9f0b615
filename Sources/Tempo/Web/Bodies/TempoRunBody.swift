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
    let cleaning: CleaningBody
    let plan: PlanBody?
    /// For a planned run: each interval planned against measured.
    let intervals: [IntervalBreakdown.Interval]
    /// Seconds of heart rate in each zone, with the maximum the zones use.
    let heartRateZones: IntervalBreakdown.ZoneTime?
    /// For an imported run: what reading its file did (points left out, warnings, notes).
    let importReport: ImportReport?

    init(run: RunRecord, analysis: RunAnalysis) {
        importReport = run.importReportJSON.flatMap { try? TempoJSON.decode(ImportReport.self, $0) }.map(\.saidInEnglish)
        self.run = TempoRunItem(run)
        pauses = run.pauses
        summary = analysis.summary
        cleaning = CleaningBody(report: analysis.cleaning)
        intervals = analysis.intervals
        heartRateZones = analysis.zones
        plan = run.planJSON.flatMap { try? TempoJSON.decode(WorkoutPlan.self, $0) }.map { PlanBody($0) }
    }
}

/// What cleaning changed: the report's counts and keyed notes, with the notes said in English for programs (`notes`).
struct CleaningBody: Encodable {
    let report: CleaningReport

    private enum CodingKeys: String, CodingKey { case notes }

    func encode(to encoder: Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(report.changeNotes.map { Catalogues.bundled.messages(.english).say($0) }, forKey: .notes)
    }
}

extension ImportReport {
    /// The report as the API sends it: its notes said in English beside their keys (a report stored before notes
    /// were kept has its English sentences already).
    var saidInEnglish: ImportReport {
        guard !warningNotes.isEmpty || !changeNotes.isEmpty else { return self }
        var report = self
        let english = Catalogues.bundled.messages(.english)
        report.warnings = warningNotes.map { english.say($0) }
        report.notes = changeNotes.map { english.say($0) }
        return report
    }
}
