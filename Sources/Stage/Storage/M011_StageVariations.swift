import SQLKit
import Storage

/// Stage variations (S5, S6): what each variation of a talk changes (a small JSON of edits,
/// never a copy of the slides), its revision for conflict checks, and which variation each
/// talk presents now. The original variation has the talk's id and a row only once edited.
public let stageVariationsMigration = Migration(version: 11, name: "stage_variations") { sql in
    try await sql.create(table: "stage_variations")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("talk_id", type: .text, .notNull, .references("stage_talks", "id", onDelete: .cascade))
        .column("name", type: .text, .notNull)
        .column("edits", type: .text, .notNull)
        .column("revision", type: .bigint, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .column("updated_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "stage_variations_by_talk").on("stage_variations").column("talk_id").run()
    try await sql.create(table: "stage_active_variations")
        .column("talk_id", type: .text, .primaryKey(autoIncrement: false), .references("stage_talks", "id", onDelete: .cascade))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("variation_id", type: .text, .notNull)
        .run()
}
