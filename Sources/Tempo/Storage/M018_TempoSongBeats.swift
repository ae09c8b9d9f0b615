import SQLKit
import Storage

/// `tempo_song_beats`: each analysed song's beat times (milliseconds, JSON) and which beat starts the first bar.
/// Kept apart from `tempo_songs` so listing a library does not read every song's beats.
public let tempoSongBeatsMigration = Migration(version: 18, name: "tempo_song_beats") { sql in
    try await sql.create(table: "tempo_song_beats")
        .column("song_id", type: .text, .primaryKey(autoIncrement: false), .references("tempo_songs", "id", onDelete: .cascade))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("beats", type: .text, .notNull)
        .column("beats_per_bar", type: .int, .notNull)
        .column("downbeat", type: .int)
        .run()
    try await sql.create(index: "tempo_song_beats_by_account").on("tempo_song_beats").column("account_id").run()
}
