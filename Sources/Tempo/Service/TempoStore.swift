import CadenceCore
import Foundation
import Tempo

/// A song of the library as stored: the file's facts and its tempo analysis.
public struct SongRecord: Equatable, Sendable {
    public enum Analysis: String, Sendable {
        case pending, running, done, failed
    }

    public let id: UUID
    public var title: String
    public var artist: String?
    public var filename: String
    public var contentType: String
    public var byteSize: Int64
    public var sha256: String
    public var durationMs: Int64?
    public var bpm: Double?
    public var confidence: Double?
    public var alternatives: [Double]
    /// The person's own reading of the tempo; wins over the analysis.
    public var bpmOverride: Double?
    public var analysis: Analysis
    public var progress: Double
    public var message: String?

    public init(id: UUID = UUID(), title: String, artist: String? = nil, filename: String, contentType: String, byteSize: Int64,
                sha256: String, durationMs: Int64? = nil, bpm: Double? = nil, confidence: Double? = nil, alternatives: [Double] = [],
                bpmOverride: Double? = nil, analysis: Analysis = .pending, progress: Double = 0, message: String? = nil) {
        self.id = id
        self.title = title
        self.artist = artist
        self.filename = filename
        self.contentType = contentType
        self.byteSize = byteSize
        self.sha256 = sha256
        self.durationMs = durationMs
        self.bpm = bpm
        self.confidence = confidence
        self.alternatives = alternatives
        self.bpmOverride = bpmOverride
        self.analysis = analysis
        self.progress = progress
        self.message = message
    }

    /// The tempo to plan with: the override, else the analysis.
    public var effectiveBPM: Double? { bpmOverride ?? bpm }
}

/// A playlist as kept: which plan it was made for.
public struct StoredPlaylist: Sendable {
    public let id: UUID
    public let planID: UUID
    public var playlist: Playlist

    public init(id: UUID, planID: UUID, playlist: Playlist) {
        self.id = id
        self.planID = planID
        self.playlist = playlist
    }
}

/// Songs, plans and playlists, each scoped to an account; plans and playlists are written whole.
public protocol TempoStore: Sendable {
    func songs(accountID: UUID) async throws -> [SongRecord]
    func song(id: UUID, accountID: UUID) async throws -> SongRecord?
    func saveSong(_ song: SongRecord, accountID: UUID, at: Date) async throws
    func deleteSong(id: UUID, accountID: UUID) async throws -> SongRecord?
    /// Writes what an analysis found, and nothing else: an edit or a delete made meanwhile stands.
    /// A tag title replaces the title only while it is still the one taken from the file name.
    func saveAnalysis(of song: SongRecord, fileTitle: String, accountID: UUID, at: Date) async throws
    /// Songs whose analysis a stopped server left unfinished (not updated since `updatedBefore`), across accounts.
    func unfinishedSongs(updatedBefore: Date) async throws -> [(accountID: UUID, song: SongRecord)]

    /// The account's plans, oldest first; a document that no longer decodes is left out.
    func plans(accountID: UUID) async throws -> [WorkoutPlan]
    func plan(id: UUID, accountID: UUID) async throws -> WorkoutPlan?
    func savePlan(_ plan: WorkoutPlan, accountID: UUID, at: Date) async throws
    func deletePlan(id: UUID, accountID: UUID) async throws -> Bool

    func playlist(id: UUID, accountID: UUID) async throws -> StoredPlaylist?
    /// A plan's playlists, most recently changed first; a document that no longer decodes is left out.
    func playlists(planID: UUID, accountID: UUID) async throws -> [StoredPlaylist]
    func savePlaylist(_ playlist: StoredPlaylist, accountID: UUID, at: Date) async throws
}
