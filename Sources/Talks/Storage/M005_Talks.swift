import SQLKit
import Storage

/// Talks (T1–T5): topics with their cues, runs with their steps, and what is cast.
/// Cues and run steps are small JSON documents read and written whole.
public let talksMigration = Migration(version: 5, name: "talks") { sql in
    try await sql.create(table: "topics")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("title", type: .text, .notNull)
        .column("duration", type: .bigint, .notNull)
        .column("cues", type: .text, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .column("updated_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "topics_by_account").on("topics").column("account_id").run()
    try await sql.create(table: "talk_runs")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("topic_id", type: .text, .notNull, .references("topics", "id", onDelete: .cascade))
        .column("run", type: .text, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .column("updated_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "talk_runs_by_topic").on("talk_runs").column("topic_id").run()
    try await sql.create(table: "talk_casts")
        .column("account_id", type: .text, .primaryKey(autoIncrement: false), .references("accounts", "id", onDelete: .cascade))
        .column("topic_id", type: .text, .notNull, .references("topics", "id", onDelete: .cascade))
        .column("run_id", type: .text)
        .column("cast_at", type: .bigint, .notNull)
        .run()
}
