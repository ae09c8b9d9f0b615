import Foundation
import SQLKit
import Storage
import Stage

/// Stage, issue 17: the audience screens' mode is remembered per account (mirror, the seed's
/// default), and a variation's edited notes move out of its JSON edit set into one row per
/// slide and language, so saving one slide's notes writes that row (and the revision) alone.
public let stageScreensAndNotesMigration = Migration(version: 14, name: "stage_screen_mode_and_variation_notes") { sql in
    try await sql.alter(table: "stage_preferences")
        .column("screen_mode", type: .text, .notNull, .default(SQLLiteral.string(ScreenMode.default.rawValue)))
        .run()
    try await sql.create(table: "stage_variation_notes")
        .column("variation_id", type: .text, .notNull, .references("stage_variations", "id", onDelete: .cascade))
        .column("slide_id", type: .text, .notNull)
        .column("language", type: .text, .notNull)
        .column("talk_id", type: .text, .notNull, .references("stage_talks", "id", onDelete: .cascade))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("notes", type: .text, .notNull)
        .primaryKey("variation_id", "slide_id", "language")
        .run()
    try await sql.create(index: "stage_variation_notes_by_talk").on("stage_variation_notes").column("talk_id").run()

    try await moveEditedNotesIntoRows(sql)
}

/// Notes saved inside edit sets (before this migration) move to their rows; the edit sets keep
/// the rest. A row that already exists keeps its notes, so running it twice changes nothing.
func moveEditedNotesIntoRows(_ sql: any SQLDatabase) async throws {
    let rows = try await sql.select().columns("id", "talk_id", "account_id", "edits").from("stage_variations").all()
    for row in rows {
        var edits = try SQLStageStore.decodeJSON(TalkEdits.self, row, column: "edits")
        guard !edits.notes.isEmpty else { continue }
        let id = try row.decode(column: "id", as: String.self)
        let talkID = try row.decode(column: "talk_id", as: String.self), accountID = try row.decode(column: "account_id", as: String.self)
        for (slideID, languages) in edits.notes {
            for (language, notes) in languages {
                try await sql.raw("""
                    INSERT INTO stage_variation_notes (variation_id, slide_id, language, talk_id, account_id, notes)
                    VALUES (\(bind: id), \(bind: slideID.uuidString), \(bind: language), \(bind: talkID), \(bind: accountID), \(bind: notes))
                    ON CONFLICT (variation_id, slide_id, language) DO NOTHING
                    """).run()
            }
        }
        edits.notes = [:]
        try await sql.update("stage_variations").set("edits", to: try SQLStageStore.json(edits)).where("id", .equal, id).run()
    }
}
