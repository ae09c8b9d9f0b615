import Foundation
import Tempo
import TempoService
import Web

/// Tempo in an export: songs as uploaded, runs as GPX and TCX, plans with their playlists as JSON.
extension TempoFeature: AccountExporting {
    public var exportReadme: String {
        """
        tempo/songs/      Your music, the files exactly as you uploaded them; songs.json has each song's tempo.
        tempo/runs/       Each run as GPX (maps, Strava, gpxpy) and TCX (Garmin Training Center, with heart rate and cadence); \
        runs.json lists every run with its stats.
        tempo/plans.json  Your workout plans and the playlists made for them.
        tempo/templates.json  The plans you saved as templates.
        """
    }

    public func exportFiles(accountID: UUID, scratch: URL) async throws -> [ExportFile] {
        var files: [ExportFile] = []
        let songs = try await library.songs(accountID: accountID)
        files.append(ExportFile("tempo/songs/songs.json", .data(try ExportJSON.encode(songs.map(SongBody.init)))))
        for song in songs {
            files.append(ExportFile("tempo/songs/\(song.filename)", .media(library.media, library.key(of: song, accountID: accountID), bytes: song.byteSize)))
        }
        let allRuns = try await runs.list(accountID: accountID)
        for run in allRuns {
            let day = ISO8601DateFormatter.string(from: Date(timeIntervalSince1970: Double(run.startedAt) / 1000), timeZone: .gmt,
                                                  formatOptions: [.withFullDate])
            for format in [RunExportFormat.gpx, .tcx] {
                do {
                    let (_, data) = try await runs.export(run.id, format: format, accountID: accountID)
                    files.append(ExportFile("tempo/runs/\(day)-\(TempoRuns.filename(for: run, format: format))", .data(data)))
                } catch {
                    continue  // a run with nothing recorded has no track to write; runs.json still lists it
                }
            }
        }
        files.append(ExportFile("tempo/runs/runs.json", .data(try ExportJSON.encode(allRuns.map(TempoRunItem.init)))))
        var plansWithPlaylists: [PlanExport] = []
        for plan in try await plans.plans(accountID: accountID) {
            plansWithPlaylists.append(PlanExport(plan: PlanBody(plan), playlists: try await plans.playlists(planID: plan.id, accountID: accountID).map(PlaylistBody.init)))
        }
        files.append(ExportFile("tempo/plans.json", .data(try ExportJSON.encode(plansWithPlaylists))))
        let own = try await plans.ownTemplates(accountID: accountID)
        files.append(ExportFile("tempo/templates.json", .data(try ExportJSON.encode(own.map { PlanBody($0.plan, templateID: $0.id, builtIn: false) }))))
        return files
    }

    struct PlanExport: Encodable {
        let plan: PlanBody
        let playlists: [PlaylistBody]
    }
}
