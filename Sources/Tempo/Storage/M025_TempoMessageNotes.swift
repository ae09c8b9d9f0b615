import SQLKit
import Storage

/// `tempo_songs.message_note`, `tempo_mixes.message_note`: why a song's analysis or a mix failed as a keyed note (JSON),
/// so the library says it in the reader's language; `message` keeps the English with its tool detail for the API.
public let tempoMessageNotesMigration = Migration(version: 25, name: "tempo_message_notes") { sql in
    try await sql.alter(table: "tempo_songs").column("message_note", type: .text).run()
    try await sql.alter(table: "tempo_mixes").column("message_note", type: .text).run()
}
