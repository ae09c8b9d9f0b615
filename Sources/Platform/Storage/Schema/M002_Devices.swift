import SQLKit
import Storage

/// Paired devices and the pairing codes that make them (P2).
let devicesMigration = Migration(version: 2, name: "devices") { sql in
    try await sql.create(table: "devices")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("role", type: .text, .notNull)
        .column("name", type: .text, .notNull)
        .column("token_hash", type: .text, .notNull, .unique)
        .column("created_at", type: .bigint, .notNull)
        .column("last_seen_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "devices_by_account").on("devices").column("account_id").run()
    try await sql.create(table: "pairings")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("code", type: .text, .notNull)
        .column("expires_at", type: .bigint, .notNull)
        .column("wrong_guesses", type: .bigint, .notNull)
        .column("used_at", type: .bigint)
        .run()
    try await sql.create(index: "pairings_by_code").on("pairings").column("code").run()
}
