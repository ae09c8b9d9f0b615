import SQLKit
import Storage

/// Web Push: the installation's VAPID key (one row, shared by every instance), each device's subscriptions (gone
/// with the device or the browser's session), and the modules each person turned off.
let pushMigration = Migration(version: 15, name: "push") { sql in
    try await sql.create(table: "push_keys")
        .column("id", type: .bigint, .primaryKey(autoIncrement: false))
        .column("private_key", type: .text, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .run()
    try await sql.create(table: "push_subscriptions")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("device_id", type: .text, .references("devices", "id", onDelete: .cascade))
        .column("session_id", type: .text, .references("sessions", "id", onDelete: .cascade))
        .column("endpoint", type: .text, .notNull, .unique)
        .column("p256dh", type: .text, .notNull)
        .column("auth", type: .text, .notNull)
        .column("label", type: .text, .notNull)
        .column("role", type: .text, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .column("last_delivered_at", type: .bigint)
        .column("last_error", type: .text)
        .run()
    try await sql.create(index: "push_subscriptions_by_account").on("push_subscriptions").column("account_id").run()
    try await sql.create(table: "push_muted_modules")
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("module", type: .text, .notNull)
        .primaryKey("account_id", "module")
        .run()
}
