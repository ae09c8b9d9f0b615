import Foundation
import Tempo

/// A run as stored: what it was, when, and what its stats came to (as the JSON the server wrote).
public struct RunRecord: Equatable, Sendable {
    public enum Status: String, Sendable {
        case recording, finished
    }

    public let id: UUID
    public var name: String
    /// running, walking, cycling, or other (unknown: a file that names none).
    public var activity: String
    /// "recorded" (by Cadence), "gpx" or "tcx".
    public var source: String
    public var status: Status
    public var planJSON: String?
    public var playlistID: UUID?
    public var startedAt: Int64
    public var endedAt: Int64?
    public var pauses: [RunPause]
    public var summaryJSON: String?
    public var distanceMeters: Double?
    public var durationMs: Int64?
    public var sampleCount: Int
    /// The runner simulator made its readings: nothing in it was measured.
    public var simulated: Bool
    /// What importing its file did (`ImportReport` as JSON); nil for runs recorded with Cadence.
    public var importReportJSON: String?
    /// Where its readings came from.
    public var sensors: RunSensors

    public init(id: UUID, name: String, activity: String, source: String, status: Status, planJSON: String? = nil,
                playlistID: UUID? = nil, startedAt: Int64, endedAt: Int64? = nil, pauses: [RunPause] = [],
                summaryJSON: String? = nil, distanceMeters: Double? = nil, durationMs: Int64? = nil, sampleCount: Int = 0,
                simulated: Bool = false, importReportJSON: String? = nil, sensors: RunSensors = RunSensors()) {
        self.sensors = sensors
        self.id = id; self.name = name; self.activity = activity; self.source = source; self.status = status
        self.planJSON = planJSON; self.playlistID = playlistID; self.startedAt = startedAt; self.endedAt = endedAt
        self.pauses = pauses; self.summaryJSON = summaryJSON; self.distanceMeters = distanceMeters
        self.durationMs = durationMs; self.sampleCount = sampleCount
        self.simulated = simulated; self.importReportJSON = importReportJSON
    }
}
