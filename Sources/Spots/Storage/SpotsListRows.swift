import Foundation
import SQLKit
import Spots
import SpotsService

/// The bookkeeping every write to a list's reminders shares (`M023_SpotsLists`): the account's Reminders list made
/// when first needed, and a change counted — the list's `seq` moved on, the resource's rows stamped with it, its
/// tombstone written or cleared — inside the caller's transaction. Counting takes the list row's lock, so changes
/// commit in the order of their numbers and a sync token never skips one still being written.
enum SpotsListRows {
    static func defaultListID(accountID: UUID) -> UUID { TaskList.defaultList(accountID: accountID).id }

    static func ensureDefaultList(accountID: UUID, at: Date, on sql: any SQLDatabase) async throws {
        let list = TaskList.defaultList(accountID: accountID)
        try await sql.insert(into: "spots_lists").columns("id", "account_id", "slug", "name", "seq", "created_at")
            .values(SQLBind(list.id.uuidString), SQLBind(accountID.uuidString), SQLBind(list.slug), SQLBind(list.name),
                    SQLBind(Int64(0)), SQLBind(at.millisecondsSince1970))
            .ignoringConflicts(with: "id").run()
    }

    /// Counts a change to `resource` in `listID`: returns the new number. `deleted`: the resource has no rows left.
    @discardableResult
    static func recordChange(listID: UUID, resource: String, deleted: Bool, on sql: any SQLDatabase) async throws -> Int64 {
        guard let row = try await sql.raw("UPDATE spots_lists SET seq = seq + 1 WHERE id = \(bind: listID.uuidString) RETURNING seq").first()
        else { throw SpotsStoreError.noSuchList }
        let seq = try row.decode(column: "seq", as: Int64.self)
        if deleted {
            try await sql.raw("""
                INSERT INTO spots_tombstones (list_id, resource, seq) VALUES (\(bind: listID.uuidString), \(bind: resource), \(bind: seq))
                ON CONFLICT (list_id, resource) DO UPDATE SET seq = excluded.seq
                """).run()
        } else {
            try await sql.update("spots_reminders").set("change_seq", to: seq)
                .where("list_id", .equal, listID.uuidString).where("resource", .equal, resource).run()
            try await sql.delete(from: "spots_tombstones").where("list_id", .equal, listID.uuidString)
                .where("resource", .equal, resource).run()
        }
        return seq
    }
}
