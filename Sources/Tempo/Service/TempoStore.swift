import CadenceCore
import Foundation
import Tempo

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
    /// Takes an unfinished song for this instance: true when it is still unfinished and untouched since
    /// `updatedBefore` (it is then touched at `at`, so another instance resuming at the same moment leaves it).
    func claimUnfinishedSong(_ id: UUID, accountID: UUID, updatedBefore: Date, at: Date) async throws -> Bool
    /// The beats the last analysis found; nil before one, or when it found no steady beat.
    func beats(songID: UUID, accountID: UUID) async throws -> SongBeats?
    /// Replaces the song's beats (nil removes them); nothing happens when the song is gone.
    func saveBeats(_ beats: SongBeats?, songID: UUID, accountID: UUID) async throws

    /// The account's plans, oldest first; a document that no longer decodes is left out.
    func plans(accountID: UUID) async throws -> [WorkoutPlan]
    func plan(id: UUID, accountID: UUID) async throws -> WorkoutPlan?
    func savePlan(_ plan: WorkoutPlan, accountID: UUID, at: Date) async throws
    func deletePlan(id: UUID, accountID: UUID) async throws -> Bool

    func playlist(id: UUID, accountID: UUID) async throws -> StoredPlaylist?
    /// A plan's playlists, most recently changed first; a document that no longer decodes is left out.
    func playlists(planID: UUID, accountID: UUID) async throws -> [StoredPlaylist]
    func savePlaylist(_ playlist: StoredPlaylist, accountID: UUID, at: Date) async throws
    func deletePlaylist(id: UUID, accountID: UUID) async throws -> Bool

    func saveLoudness(_ lufs: Double?, songID: UUID, accountID: UUID) async throws
    func mix(playlistID: UUID, accountID: UUID) async throws -> MixRecord?
    /// Writes the record whole (insert or replace); nothing when the playlist is gone.
    func saveMix(_ mix: MixRecord, accountID: UUID, at: Date) async throws
    /// Only the progress, and only while the mix is rendering (a late report never overwrites the end).
    func saveMixProgress(_ progress: Double, playlistID: UUID, accountID: UUID, at: Date) async throws
    /// Mixes a stopped server left queued or rendering (not updated since `updatedBefore`), across accounts.
    func unfinishedMixes(updatedBefore: Date) async throws -> [(accountID: UUID, playlistID: UUID)]

    /// The person's own templates, oldest first; a document that no longer decodes is left out.
    func templates(accountID: UUID) async throws -> [WorkoutTemplate]
    func saveTemplate(_ template: WorkoutTemplate, accountID: UUID, at: Date) async throws
    func deleteTemplate(id: UUID, accountID: UUID) async throws -> Bool
}
