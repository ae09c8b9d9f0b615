import CadenceCore
import Crypto
import Foundation
import Tempo

extension TempoRuns {
    /// Reads a GPX or TCX file into a finished run (see `RunImport` for what is kept and what is
    /// said). The run's id comes from the account and the file's digest, so importing the same
    /// file again answers with the run already there. `activity` is the import form's choice
    /// (running, walking, cycling, other); nil takes the file's.
    public func importFile(_ data: Data, activity chosen: String?, accountID: UUID) async throws -> (run: RunRecord, created: Bool) {
        let choice: Activity?? = try chosen.map { Activity(rawValue: try Self.checkActivity($0)) }
        let imported: ImportedRun
        do {
            imported = try RunImport.prepare(RunFileImporter.read(data), format: RunFileFormat.detect(data), chosenActivity: choice,
                                             now: clock.now().millisecondsSince1970)
        } catch let error as RunFormatError {
            throw ValidationError(field: "file", error.description, localized: error.localized)
        }
        let id = Self.importID(accountID: accountID, data: data)
        let name = imported.name.flatMap { try? Self.checkName(String($0.prefix(200))) }
            ?? Self.defaultName(activity: imported.activity, startedAt: Date(millisecondsSince1970: imported.startTime))
        let record = RunRecord(id: id, name: name, activity: RunRecord.activityName(imported.activity), source: imported.report.format,
                               status: .finished, startedAt: imported.startTime, endedAt: imported.endTime, pauses: imported.pauses,
                               simulated: imported.simulated, importReportJSON: try TempoJSON.json(imported.report))
        guard let created = try await store.createRun(record, accountID: accountID, at: clock.now()) else {
            throw Conflict(code: "id_taken", "This file's run could not be stored; try again.", key: "tempo.runs.error.import_clash")
        }
        if created {
            // One call: points that share a time are numbered within it (see `RunStore.addSamples`).
            _ = try await store.addSamples(imported.samples, runID: id, accountID: accountID, at: clock.now())
            try await summarize(try await requireRun(id, accountID: accountID), accountID: accountID)
        }
        return (try await requireRun(id, accountID: accountID), created)
    }

    /// The run as a GPX or TCX file, from its cleaned samples (a jump filtered out of the stats
    /// does not come back in the export).
    public func export(_ runID: UUID, format: RunExportFormat, accountID: UUID) async throws -> (RunRecord, Data) {
        let (run, analysis) = try await details(runID, accountID: accountID)
        let activity = run.knownActivity
        let samples = TrackCleaning.clean(try await samples(runID, accountID: accountID), activity: activity, pauses: run.pauses).samples
        do {
            switch format {
            case .gpx:
                return (run, try GPXWriter.write(name: run.name, activity: activity, samples: samples, pauses: run.pauses,
                                                 simulated: run.simulated, sensors: run.sensors).data)
            case .tcx:
                return (run, try TCXWriter.write(name: run.name, activity: activity, samples: samples, pauses: run.pauses,
                                                 simulated: run.simulated, sensors: run.sensors, totalDistanceMeters: analysis.summary.distance,
                                                 calories: analysis.summary.calories.kilocalories))
            }
        } catch let error as RunFormatError {
            throw Conflict(code: "not_exportable", error.description, key: error.localized.key, error.localized.arguments)
        }
    }

    /// A file name for a download: the run's name, safe for any file system, and the extension.
    public static func filename(for run: RunRecord, format: RunExportFormat) -> String {
        let safe = run.name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" }
        let stem = String(safe).split(separator: "-").joined(separator: "-").lowercased()
        return "\(stem.isEmpty ? "run" : String(stem.prefix(60))).\(format.rawValue)"
    }

    public static func importID(accountID: UUID, data: Data) -> UUID {
        var hasher = SHA256()
        hasher.update(data: Data(accountID.uuidString.utf8))
        hasher.update(data: data)
        var bytes = Array(hasher.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // a name-based UUID (version 5 layout, SHA-256 instead of SHA-1)
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
