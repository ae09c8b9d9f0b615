import SQLKit
import Storage

/// `tempo_mixes`: the rendered mix of a playlist (its state, progress and the fingerprint of what it was rendered
/// from: a playlist edited since has a stale mix); `tempo_songs.loudness`: a song's integrated loudness (LUFS),
/// measured once for the mixes and shown in the library; `tempo_songs.musical_key`: the analysis's key (JSON).
public let tempoMixesMigration = Migration(version: 21, name: "tempo_mixes") { sql in
    try await sql.create(table: "tempo_mixes")
        .column("playlist_id", type: .text, .primaryKey(autoIncrement: false), .references("tempo_playlists", "id", onDelete: .cascade))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("fingerprint", type: .text, .notNull)
        .column("rendered_fingerprint", type: .text)
        .column("state", type: .text, .notNull)
        .column("progress", type: .real, .notNull)
        .column("message", type: .text)
        .column("layout", type: .text)
        .column("duration_ms", type: .bigint)
        .column("webm_bytes", type: .bigint)
        .column("m4a_bytes", type: .bigint)
        .column("updated_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "tempo_mixes_by_account").on("tempo_mixes").column("account_id").run()
    try await sql.alter(table: "tempo_songs").column("loudness", type: .real).run()
    try await sql.alter(table: "tempo_songs").column("musical_key", type: .text).run()
}
