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
    /// Where the readings came from: `{"heartRate": ["Polar H10"], "cadence": ["phone motion sensor"]}`.
    let sensors: RunSensors
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
        sensors = run.sensors
        startedAt = Date(millisecondsSince1970: run.startedAt)
        endedAt = run.endedAt.map(Date.init(millisecondsSince1970:))
        distanceMeters = run.distanceMeters
        durationSeconds = run.durationMs.map { Double($0) / 1000 }
        sampleCount = run.sampleCount
        playlistId = run.playlistID
        url = "/phone/tempo/runs/\(run.id.uuidString.lowercased())"
    }
}
