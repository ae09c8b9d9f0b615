import Foundation
import Web
import Hummingbird
import Tempo
import TempoService

/// A run in the history list.
struct TempoRunItem: JSONResponse {
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
struct TempoRunBody: JSONResponse {
    let run: TempoRunItem
    let pauses: [RunPause]
    let summary: RunSummary
    let cleaning: CleaningReport
    let plan: PlanBody?
    /// For an imported run: what reading its file did (points left out, warnings, notes).
    let importReport: ImportReport?

    init(run: RunRecord, analysis: RunAnalysis) {
        importReport = run.importReportJSON.flatMap { try? TempoJSON.decode(ImportReport.self, $0) }
        self.run = TempoRunItem(run)
        pauses = run.pauses
        summary = analysis.summary
        cleaning = analysis.cleaning
        plan = run.planJSON.flatMap { try? TempoJSON.decode(WorkoutPlan.self, $0) }.map { PlanBody($0) }
    }
}

extension ProfileInput: JSONResponse {}
