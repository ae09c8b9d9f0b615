import AudioAnalysis
import CadenceCore
import Foundation
import SQLKit
import Storage
import Tempo
import TempoService

/// Songs, plans and playlists in the tables of `M008_Tempo`.
public struct SQLTempoStore: TempoStore {
    let database: Database
    public init(database: Database) { self.database = database }

    static let songColumns = ["id", "title", "artist", "filename", "content_type", "byte_size", "sha256", "duration_ms", "bpm",
                              "confidence", "alternatives", "bpm_override", "analysis", "progress", "message", "message_note", "loudness",
                              "musical_key"]

    public func songs(accountID: UUID) async throws -> [SongRecord] {
        try await database.sql.select().columns(Self.songColumns).from("tempo_songs")
            .where("account_id", .equal, accountID.uuidString).orderBy("created_at").orderBy("filename").orderBy("id").all().map(Self.song)
    }

    public func song(id: UUID, accountID: UUID) async throws -> SongRecord? {
        try await database.sql.select().columns(Self.songColumns).from("tempo_songs")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString).first().map(Self.song)
    }

    public func saveSong(_ song: SongRecord, accountID: UUID, at: Date) async throws {
        let now = at.millisecondsSince1970
        let alternatives = String(decoding: try JSONEncoder().encode(song.alternatives), as: UTF8.self)
        try await database.sql.raw("""
            INSERT INTO tempo_songs (id, account_id, title, artist, filename, content_type, byte_size, sha256, duration_ms, bpm,
                                     confidence, alternatives, bpm_override, analysis, progress, message, message_note, created_at, updated_at)
            VALUES (\(bind: song.id.uuidString), \(bind: accountID.uuidString), \(bind: song.title), \(bind: song.artist),
                    \(bind: song.filename), \(bind: song.contentType), \(bind: song.byteSize), \(bind: song.sha256),
                    \(bind: song.durationMs), \(bind: song.bpm), \(bind: song.confidence), \(bind: alternatives),
                    \(bind: song.bpmOverride), \(bind: song.analysis.rawValue), \(bind: song.progress), \(bind: song.message),
                    \(bind: try song.messageNote.map(TempoJSON.json)), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, artist = excluded.artist, duration_ms = excluded.duration_ms,
                bpm = excluded.bpm, confidence = excluded.confidence, alternatives = excluded.alternatives,
                bpm_override = excluded.bpm_override, analysis = excluded.analysis, progress = excluded.progress,
                message = excluded.message, message_note = excluded.message_note, updated_at = excluded.updated_at
            WHERE tempo_songs.account_id = excluded.account_id
            """).run()
    }

    public func saveAnalysis(of song: SongRecord, fileTitle: String, accountID: UUID, at: Date) async throws {
        let alternatives = String(decoding: try JSONEncoder().encode(song.alternatives), as: UTF8.self)
        try await database.sql.raw("""
            UPDATE tempo_songs SET
                title = CASE WHEN title = \(bind: fileTitle) THEN \(bind: song.title) ELSE title END,
                artist = COALESCE(artist, \(bind: song.artist)),
                duration_ms = \(bind: song.durationMs), bpm = \(bind: song.bpm), confidence = \(bind: song.confidence),
                alternatives = \(bind: alternatives), analysis = \(bind: song.analysis.rawValue), progress = \(bind: song.progress),
                musical_key = \(bind: try song.key.map(TempoJSON.json)),
                message = \(bind: song.message), message_note = \(bind: try song.messageNote.map(TempoJSON.json)),
                updated_at = \(bind: at.millisecondsSince1970)
            WHERE id = \(bind: song.id.uuidString) AND account_id = \(bind: accountID.uuidString)
            """).run()
    }

    public func deleteSong(id: UUID, accountID: UUID) async throws -> SongRecord? {
        guard let song = try await song(id: id, accountID: accountID) else { return nil }
        try await database.sql.delete(from: "tempo_songs").where("id", .equal, id.uuidString)
            .where("account_id", .equal, accountID.uuidString).run()
        return song
    }

    public func unfinishedSongs(updatedBefore: Date) async throws -> [(accountID: UUID, song: SongRecord)] {
        try await database.sql.select().columns(Self.songColumns + ["account_id"]).from("tempo_songs")
            .where("analysis", .in, [SongRecord.Analysis.pending.rawValue, SongRecord.Analysis.running.rawValue])
            .where("updated_at", .lessThanOrEqual, updatedBefore.millisecondsSince1970).all()
            .map { (try $0.decodeUUID(column: "account_id"), try Self.song($0)) }
    }

    public func claimUnfinishedSong(_ id: UUID, accountID: UUID, updatedBefore: Date, at: Date) async throws -> Bool {
        // One UPDATE decides: of two instances resuming together, the second finds the row touched and gets nothing.
        !(try await database.sql.update("tempo_songs").set("updated_at", to: SQLBind(at.millisecondsSince1970))
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .where("analysis", .in, [SongRecord.Analysis.pending.rawValue, SongRecord.Analysis.running.rawValue])
            .where("updated_at", .lessThanOrEqual, updatedBefore.millisecondsSince1970)
            .returning("id").all()).isEmpty
    }

    public func beats(songID: UUID, accountID: UUID) async throws -> SongBeats? {
        guard let row = try await database.sql.select().columns("beats", "beats_per_bar", "downbeat").from("tempo_song_beats")
            .where("song_id", .equal, songID.uuidString).where("account_id", .equal, accountID.uuidString).first() else { return nil }
        let times = try JSONDecoder().decode([Int64].self, from: Data(try row.decode(column: "beats", as: String.self).utf8))
        return SongBeats(timesMs: times, beatsPerBar: try row.decode(column: "beats_per_bar", as: Int.self),
                         downbeat: try row.decode(column: "downbeat", as: Int?.self))
    }

    public func saveBeats(_ beats: SongBeats?, songID: UUID, accountID: UUID) async throws {
        try await database.sql.delete(from: "tempo_song_beats").where("song_id", .equal, songID.uuidString)
            .where("account_id", .equal, accountID.uuidString).run()
        guard let beats else { return }
        let times = String(decoding: try JSONEncoder().encode(beats.timesMs), as: UTF8.self)
        // Inserted only while the song is still there (an analysis can end after a delete). The casts: in a SELECT
        // list PostgreSQL cannot tell a parameter's type from its column, and a NULL would be taken for text.
        try await database.sql.raw("""
            INSERT INTO tempo_song_beats (song_id, account_id, beats, beats_per_bar, downbeat)
            SELECT id, account_id, CAST(\(bind: times) AS TEXT), CAST(\(bind: beats.beatsPerBar) AS INTEGER),
                   CAST(\(bind: beats.downbeat) AS INTEGER) FROM tempo_songs
            WHERE id = \(bind: songID.uuidString) AND account_id = \(bind: accountID.uuidString)
            """).run()
    }

    public func plans(accountID: UUID) async throws -> [WorkoutPlan] {
        try await database.sql.select().column("plan").from("tempo_plans").where("account_id", .equal, accountID.uuidString)
            .orderBy("created_at").orderBy("name").orderBy("id").all()
            .compactMap { try? TempoJSON.decode(WorkoutPlan.self, try $0.decode(column: "plan", as: String.self)) }
    }

    public func plan(id: UUID, accountID: UUID) async throws -> WorkoutPlan? {
        try await database.sql.select().column("plan").from("tempo_plans").where("id", .equal, id.uuidString)
            .where("account_id", .equal, accountID.uuidString).first()
            .map { try TempoJSON.decode(WorkoutPlan.self, try $0.decode(column: "plan", as: String.self)) }
    }

    public func savePlan(_ plan: WorkoutPlan, accountID: UUID, at: Date) async throws {
        let now = at.millisecondsSince1970, json = try TempoJSON.json(plan)
        try await database.sql.raw("""
            INSERT INTO tempo_plans (id, account_id, name, plan, created_at, updated_at)
            VALUES (\(bind: plan.id.uuidString), \(bind: accountID.uuidString), \(bind: plan.name), \(bind: json), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, plan = excluded.plan, updated_at = excluded.updated_at
            WHERE tempo_plans.account_id = excluded.account_id
            """).run()
    }

    public func deletePlan(id: UUID, accountID: UUID) async throws -> Bool {
        !(try await database.sql.delete(from: "tempo_plans").where("id", .equal, id.uuidString)
            .where("account_id", .equal, accountID.uuidString).returning("id").all()).isEmpty
    }

    public func playlist(id: UUID, accountID: UUID) async throws -> StoredPlaylist? {
        try await database.sql.select().columns("id", "plan_id", "playlist").from("tempo_playlists").where("id", .equal, id.uuidString)
            .where("account_id", .equal, accountID.uuidString).first().map(Self.playlist)
    }

    public func playlists(planID: UUID, accountID: UUID) async throws -> [StoredPlaylist] {
        try await database.sql.select().columns("id", "plan_id", "playlist").from("tempo_playlists").where("plan_id", .equal, planID.uuidString)
            .where("account_id", .equal, accountID.uuidString).orderBy("updated_at", .descending).all()
            .compactMap { try? Self.playlist($0) }
    }

    public func savePlaylist(_ stored: StoredPlaylist, accountID: UUID, at: Date) async throws {
        let now = at.millisecondsSince1970, json = try TempoJSON.json(stored.playlist)
        try await database.sql.raw("""
            INSERT INTO tempo_playlists (id, account_id, plan_id, playlist, created_at, updated_at)
            VALUES (\(bind: stored.id.uuidString), \(bind: accountID.uuidString), \(bind: stored.planID.uuidString), \(bind: json), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO UPDATE SET playlist = excluded.playlist, updated_at = excluded.updated_at
            WHERE tempo_playlists.account_id = excluded.account_id
            """).run()
    }

    public func deletePlaylist(id: UUID, accountID: UUID) async throws -> Bool {
        !(try await database.sql.delete(from: "tempo_playlists").where("id", .equal, id.uuidString)
            .where("account_id", .equal, accountID.uuidString).returning("id").all()).isEmpty
    }

    public func saveLoudness(_ lufs: Double?, songID: UUID, accountID: UUID) async throws {
        try await database.sql.update("tempo_songs").set("loudness", to: SQLBind(lufs))
            .where("id", .equal, songID.uuidString).where("account_id", .equal, accountID.uuidString).run()
    }

    public func mix(playlistID: UUID, accountID: UUID) async throws -> MixRecord? {
        guard let row = try await database.sql.select()
            .columns("fingerprint", "rendered_fingerprint", "state", "progress", "message", "message_note", "layout", "duration_ms",
                     "webm_bytes", "m4a_bytes")
            .from("tempo_mixes").where("playlist_id", .equal, playlistID.uuidString).where("account_id", .equal, accountID.uuidString)
            .first() else { return nil }
        var bytes: [MixRenderer.Format: Int64] = [:]
        bytes[.webm] = try row.decode(column: "webm_bytes", as: Int64?.self)
        bytes[.m4a] = try row.decode(column: "m4a_bytes", as: Int64?.self)
        return MixRecord(
            playlistID: playlistID, fingerprint: try row.decode(column: "fingerprint", as: String.self),
            renderedFingerprint: try row.decode(column: "rendered_fingerprint", as: String?.self),
            state: MixRecord.State(rawValue: try row.decode(column: "state", as: String.self)) ?? .failed,
            progress: try row.decode(column: "progress", as: Double.self), message: try row.decode(column: "message", as: String?.self),
            messageNote: try Self.note(row),
            layout: (try row.decode(column: "layout", as: String?.self)).flatMap { try? TempoJSON.decode([MixLayoutPart].self, $0) } ?? [],
            durationMs: try row.decode(column: "duration_ms", as: Int64?.self), bytes: bytes)
    }

    public func saveMix(_ mix: MixRecord, accountID: UUID, at: Date) async throws {
        let layout = try TempoJSON.json(mix.layout)
        try await database.sql.raw("""
            INSERT INTO tempo_mixes (playlist_id, account_id, fingerprint, rendered_fingerprint, state, progress, message, message_note,
                                     layout, duration_ms, webm_bytes, m4a_bytes, updated_at)
            SELECT id, account_id, CAST(\(bind: mix.fingerprint) AS TEXT), CAST(\(bind: mix.renderedFingerprint) AS TEXT),
                   CAST(\(bind: mix.state.rawValue) AS TEXT), CAST(\(bind: mix.progress) AS REAL), CAST(\(bind: mix.message) AS TEXT),
                   CAST(\(bind: try mix.messageNote.map(TempoJSON.json)) AS TEXT), CAST(\(bind: layout) AS TEXT), CAST(\(bind: mix.durationMs) AS BIGINT), CAST(\(bind: mix.bytes[.webm]) AS BIGINT),
                   CAST(\(bind: mix.bytes[.m4a]) AS BIGINT), CAST(\(bind: at.millisecondsSince1970) AS BIGINT)
            FROM tempo_playlists WHERE id = \(bind: mix.playlistID.uuidString) AND account_id = \(bind: accountID.uuidString)
            ON CONFLICT (playlist_id) DO UPDATE SET fingerprint = excluded.fingerprint,
                rendered_fingerprint = excluded.rendered_fingerprint, state = excluded.state, progress = excluded.progress,
                message = excluded.message, message_note = excluded.message_note, layout = excluded.layout, duration_ms = excluded.duration_ms,
                webm_bytes = excluded.webm_bytes, m4a_bytes = excluded.m4a_bytes, updated_at = excluded.updated_at
            """).run()
    }

    public func saveMixProgress(_ progress: Double, playlistID: UUID, accountID: UUID, at: Date) async throws {
        try await database.sql.update("tempo_mixes").set("progress", to: SQLBind(progress))
            .set("updated_at", to: SQLBind(at.millisecondsSince1970))
            .where("playlist_id", .equal, playlistID.uuidString).where("account_id", .equal, accountID.uuidString)
            .where("state", .equal, MixRecord.State.rendering.rawValue).run()
    }

    public func unfinishedMixes(updatedBefore: Date) async throws -> [(accountID: UUID, playlistID: UUID)] {
        try await database.sql.select().columns("account_id", "playlist_id").from("tempo_mixes")
            .where("state", .in, [MixRecord.State.queued.rawValue, MixRecord.State.rendering.rawValue])
            .where("updated_at", .lessThanOrEqual, updatedBefore.millisecondsSince1970).all()
            .map { (try $0.decodeUUID(column: "account_id"), try $0.decodeUUID(column: "playlist_id")) }
    }

    public func templates(accountID: UUID) async throws -> [WorkoutTemplate] {
        try await database.sql.select().columns("id", "plan").from("tempo_templates").where("account_id", .equal, accountID.uuidString)
            .orderBy("created_at").orderBy("id").all()
            .compactMap { row in
                try? WorkoutTemplate(id: row.decodeUUID(column: "id"), builtIn: false,
                                     plan: TempoJSON.decode(WorkoutPlan.self, row.decode(column: "plan", as: String.self)))
            }
    }

    public func saveTemplate(_ template: WorkoutTemplate, accountID: UUID, at: Date) async throws {
        try await database.sql.insert(into: "tempo_templates").columns("id", "account_id", "activity", "plan", "created_at")
            .values(SQLBind(template.id.uuidString), SQLBind(accountID.uuidString), SQLBind(template.plan.activity.rawValue),
                    SQLBind(try TempoJSON.json(template.plan)), SQLBind(at.millisecondsSince1970)).run()
    }

    public func deleteTemplate(id: UUID, accountID: UUID) async throws -> Bool {
        !(try await database.sql.delete(from: "tempo_templates").where("id", .equal, id.uuidString)
            .where("account_id", .equal, accountID.uuidString).returning("id").all()).isEmpty
    }

    static func playlist(_ row: any SQLRow) throws -> StoredPlaylist {
        StoredPlaylist(id: try row.decodeUUID(column: "id"), planID: try row.decodeUUID(column: "plan_id"),
                       playlist: try TempoJSON.decode(Playlist.self, try row.decode(column: "playlist", as: String.self)))
    }

    /// A stored `message_note`; one that no longer decodes is dropped (the English `message` still says it).
    static func note(_ row: any SQLRow) throws -> Note? {
        try row.decode(column: "message_note", as: String?.self).flatMap { try? TempoJSON.decode(Note.self, $0) }
    }

    static func song(_ row: any SQLRow) throws -> SongRecord {
        SongRecord(
            id: try row.decodeUUID(column: "id"), title: try row.decode(column: "title", as: String.self),
            artist: try row.decode(column: "artist", as: String?.self), filename: try row.decode(column: "filename", as: String.self),
            contentType: try row.decode(column: "content_type", as: String.self), byteSize: try row.decode(column: "byte_size", as: Int64.self),
            sha256: try row.decode(column: "sha256", as: String.self), durationMs: try row.decode(column: "duration_ms", as: Int64?.self),
            bpm: try row.decode(column: "bpm", as: Double?.self), confidence: try row.decode(column: "confidence", as: Double?.self),
            alternatives: (try row.decode(column: "alternatives", as: String?.self))
                .flatMap { try? JSONDecoder().decode([Double].self, from: Data($0.utf8)) } ?? [],
            bpmOverride: try row.decode(column: "bpm_override", as: Double?.self),
            analysis: SongRecord.Analysis(rawValue: try row.decode(column: "analysis", as: String.self)) ?? .pending,
            progress: try row.decode(column: "progress", as: Double.self), message: try row.decode(column: "message", as: String?.self),
            messageNote: try Self.note(row), loudness: try row.decode(column: "loudness", as: Double?.self),
            key: (try row.decode(column: "musical_key", as: String?.self)).flatMap { try? TempoJSON.decode(MusicalKey.self, $0) })
    }
}
