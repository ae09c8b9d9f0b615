import Foundation
import SQLKit
import Spots
import Storage

/// Task lists and CalDAV sync (issue 22). Every reminder belongs to a list (`spots_lists`; each account's own
/// "Reminders" list is made when first needed) and to a CalDAV resource in it: the file a calendar app reads, named by
/// the app that wrote it or after the reminder's UID, holding a series and its occurrences together. Each list counts
/// its changes (`seq`): a change stamps the resource's rows with the new count (`change_seq`, the resource's ETag), a
/// deleted resource leaves a tombstone, so "what changed since N" (RFC 6578 sync-collection) is two indexed queries.
public let spotsListsMigration = Migration(version: 23, name: "spots_lists") { sql in
    try await sql.create(table: "spots_lists")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull, .references("accounts", "id", onDelete: .cascade))
        .column("slug", type: .text, .notNull)
        .column("name", type: .text, .notNull)
        .column("seq", type: .bigint, .notNull)
        .column("created_at", type: .bigint, .notNull)
        .run()
    try await sql.create(index: "spots_lists_by_slug").on("spots_lists").column("account_id").column("slug").unique().run()
    try await sql.alter(table: "spots_reminders").column("list_id", type: .text).run()
    try await sql.alter(table: "spots_reminders").column("resource", type: .text).run()
    try await sql.alter(table: "spots_reminders").column("change_seq", type: .bigint).run()
    try await sql.create(index: "spots_reminders_by_resource").on("spots_reminders").column("list_id").column("resource").run()
    try await sql.create(index: "spots_reminders_by_change").on("spots_reminders").column("list_id").column("change_seq").run()
    try await sql.create(table: "spots_tombstones")
        .column("list_id", type: .text, .notNull, .references("spots_lists", "id", onDelete: .cascade))
        .column("resource", type: .text, .notNull)
        .column("seq", type: .bigint, .notNull)
        .primaryKey("list_id", "resource")
        .run()

    // Every reminder so far goes to its account's Reminders list, as the resource named after its UID.
    var accounts = Set<String>()
    for row in try await sql.select().columns("id", "account_id", "reminder").from("spots_reminders").all() {
        let account = try row.decode(column: "account_id", as: String.self)
        guard let accountID = UUID(uuidString: account) else { continue }
        let reminder = try Reminder.storedShape.decode(try row.decode(column: "reminder", as: String.self))
        let list = SpotsListRows.defaultListID(accountID: accountID)
        if accounts.insert(account).inserted {
            try await SpotsListRows.ensureDefaultList(accountID: accountID, at: Date(), on: sql)
        }
        try await sql.update("spots_reminders").set("list_id", to: list.uuidString).set("resource", to: reminder.defaultResourceName)
            .set("change_seq", to: 1).where("id", .equal, try row.decode(column: "id", as: String.self)).run()
    }
}
