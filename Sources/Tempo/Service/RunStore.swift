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

    public init(id: UUID, name: String, activity: String, source: String, status: Status, planJSON: String? = nil,
                playlistID: UUID? = nil, startedAt: Int64, endedAt: Int64? = nil, pauses: [RunPause] = [],
                summaryJSON: String? = nil, distanceMeters: Double? = nil, durationMs: Int64? = nil, sampleCount: Int = 0,
                simulated: Bool = false, importReportJSON: String? = nil) {
        self.id = id; self.name = name; self.activity = activity; self.source = source; self.status = status
        self.planJSON = planJSON; self.playlistID = playlistID; self.startedAt = startedAt; self.endedAt = endedAt
        self.pauses = pauses; self.summaryJSON = summaryJSON; self.distanceMeters = distanceMeters
        self.durationMs = durationMs; self.sampleCount = sampleCount
        self.simulated = simulated; self.importReportJSON = importReportJSON
    }
}

/// What storing a batch of samples did.
public struct SampleMerge: Equatable, Sendable {
    /// Moments the run did not have before.
    public var added: Int
    /// Moments it had: their missing fields were filled in (a batch sent again changes nothing).
    public var merged: Int

    public init(added: Int, merged: Int) {
        self.added = added
        self.merged = merged
    }
}

/// The runner's facts that calories need.
public struct RunnerProfileRecord: Equatable, Sendable {
    public var weightKg: Double?
    public var birthYear: Int?
    public var sex: String?
    public init(weightKg: Double? = nil, birthYear: Int? = nil, sex: String? = nil) {
        self.weightKg = weightKg; self.birthYear = birthYear; self.sex = sex
    }
}

/// Runs and their samples, each scoped to an account.
public protocol RunStore: Sendable {
    /// Creates the run unless its id is already taken: `true` when created, `false` when this
    /// account already has it (a client sending it again), and `nil` when another account does.
    func createRun(_ run: RunRecord, accountID: UUID, at: Date) async throws -> Bool?
    func run(id: UUID, accountID: UUID) async throws -> RunRecord?
    /// Newest first.
    func runs(accountID: UUID, limit: Int) async throws -> [RunRecord]
    func saveRun(_ run: RunRecord, accountID: UUID, at: Date) async throws
    func deleteRun(id: UUID, accountID: UUID) async throws -> Bool
    /// Stores samples keyed by time; a moment the run already has keeps its values and gains
    /// the fields it lacked. Samples sharing a time within one call are kept apart, in order (a
    /// file whose clock stood still), as that moment's second, third… sample. `nil` when the run
    /// is not this account's.
    func addSamples(_ samples: [RunSample], runID: UUID, accountID: UUID, at: Date) async throws -> SampleMerge?
    /// In time order (samples sharing a time in the order they were stored); `nil` when the run is not this account's.
    func samples(runID: UUID, accountID: UUID) async throws -> [RunSample]?

    func profile(accountID: UUID) async throws -> RunnerProfileRecord
    func saveProfile(_ profile: RunnerProfileRecord, accountID: UUID, at: Date) async throws
}
