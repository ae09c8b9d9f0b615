import SQLKit
import Storage

/// The live channel's numbered history, one counter per account, and the ids of
/// commands already applied (so a resend after a reconnect is applied once).
let liveMigration = Migration(version: 3, name: "live") { sql in
    try await sql.create(table: "live_sequences")
        .column("account_id", type: .text, .primaryKey(autoIncrement: false), .references("accounts", "id", onDelete: .cascade))
        .column("seq", type: .bigint, .notNull)
        .run()
    try await sql.create(table: "live_events")
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("seq", type: .bigint, .notNull)
        .column("type", type: .text, .notNull)
        .column("at", type: .bigint, .notNull)
        .column("data", type: .text, .notNull)
        .primaryKey("account_id", "seq")
        .run()
    try await sql.create(index: "live_events_by_time").on("live_events").column("at").run()
    try await sql.create(table: "live_commands")
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("command_id", type: .text, .notNull)
        .column("received_at", type: .bigint, .notNull)
        .primaryKey("account_id", "command_id")
        .run()
}
