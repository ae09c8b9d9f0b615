import SQLKit
import Storage

/// Who holds a live socket, on which server instance, so presence is whole across
/// instances; instances heartbeat so the sockets of one that died stop counting.
let presenceMigration = Migration(version: 4, name: "presence") { sql in
    try await sql.create(table: "live_instances")
        .column("instance_id", type: .text, .primaryKey(autoIncrement: false))
        .column("seen_at", type: .bigint, .notNull)
        .run()
    try await sql.create(table: "live_presence")
        .column("connection_id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("instance_id", type: .text, .notNull)
        .column("device_id", type: .text)
        .column("name", type: .text, .notNull)
        .column("role", type: .text, .notNull)
        .column("connected_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "live_presence_by_account").on("live_presence").column("account_id").run()
}
