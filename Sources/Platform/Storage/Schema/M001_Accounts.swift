import SQLKit
import Storage

/// Accounts, their sessions and password-reset tokens (P1). Ids are UUID text and
/// times are milliseconds since 1970 so one schema reads the same on both engines.
let accountsMigration = Migration(version: 1, name: "accounts") { sql in
    try await sql.create(table: "accounts")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("email", type: .text, .notNull, .unique)
        .column("display_name", type: .text, .notNull)
        .column("password_hash", type: .text, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .run()
    try await sql.create(table: "sessions")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("token_hash", type: .text, .notNull, .unique)
        .column("created_at", type: .bigint, .notNull)
        .column("last_used_at", type: .bigint, .notNull)
        .column("user_agent", type: .text, .notNull)
        .run()
    try await sql.create(index: "sessions_by_account").on("sessions").column("account_id").run()
    try await sql.create(table: "password_resets")
        .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("expires_at", type: .bigint, .notNull)
        .column("used_at", type: .bigint)
        .run()
    try await sql.create(index: "password_resets_by_account").on("password_resets").column("account_id").run()
}
