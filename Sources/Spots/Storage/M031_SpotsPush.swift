import SQLKit
import Storage

/// WebDAV-Push (issue 41): a calendar app's registration on a task list. It goes with the app password's device and
/// with the account; not with the list, so a deleted list can still tell its registrations it is gone. What each was
/// last told (`notified_seq`, the list's change count, and `notified_name`) is how a change is pushed exactly once.
public let spotsPushMigration = Migration(version: 31, name: "spots_push") { sql in
    try await sql.create(table: "spots_push_registrations")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("device_id", type: .text, .notNull, .references("devices", "id", onDelete: .cascade))
        .column("list_id", type: .text, .notNull)
        .column("endpoint", type: .text, .notNull)
        .column("p256dh", type: .text, .notNull)
        .column("auth", type: .text, .notNull)
        .column("content_updates", type: .int, .notNull)
        .column("property_updates", type: .int, .notNull)
        .column("expires_at", type: .bigint, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .column("notified_seq", type: .bigint, .notNull)
        .column("notified_name", type: .text, .notNull)
        .column("last_error", type: .text)
        .run()
    try await sql.create(index: "spots_push_by_list_endpoint").on("spots_push_registrations").column("list_id").column("endpoint").unique().run()
    try await sql.create(index: "spots_push_by_account").on("spots_push_registrations").column("account_id").run()
}
