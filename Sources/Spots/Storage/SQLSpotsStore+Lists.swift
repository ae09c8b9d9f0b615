import CadenceCore
import Foundation
import SQLKit
import Spots
import SpotsService

/// Lists and CalDAV resources (`M023_SpotsLists`). Every query names the account as well as the list.
extension SQLSpotsStore {
    public func lists(accountID: UUID, at: Date) async throws -> [StoredList] {
        try await SpotsListRows.ensureDefaultList(accountID: accountID, at: at, on: database.sql)
        return try await database.sql.select().columns("id", "slug", "name", "seq").from("spots_lists")
            .where("account_id", .equal, accountID.uuidString).orderBy("created_at").all()
            .map(Self.storedList)
            .sorted { $0.list.isDefault && !$1.list.isDefault }
    }

    public func list(slug: String, accountID: UUID) async throws -> StoredList? {
        try await database.sql.select().columns("id", "slug", "name", "seq").from("spots_lists")
            .where("account_id", .equal, accountID.uuidString).where("slug", .equal, slug).first()
            .map(Self.storedList)
    }

    private static func storedList(_ row: any SQLRow) throws -> StoredList {
        StoredList(list: TaskList(id: try row.decodeUUID(column: "id"), slug: try row.decode(column: "slug", as: String.self),
                                  name: try row.decode(column: "name", as: String.self)),
                   seq: try row.decode(column: "seq", as: Int64.self))
    }

    public func createList(_ list: TaskList, accountID: UUID, at: Date) async throws {
        let inserted = try await database.sql.insert(into: "spots_lists").columns("id", "account_id", "slug", "name", "seq", "created_at")
            .values(SQLBind(list.id.uuidString), SQLBind(accountID.uuidString), SQLBind(list.slug), SQLBind(list.name),
                    SQLBind(Int64(0)), SQLBind(at.millisecondsSince1970))
            .ignoringConflicts(with: ["account_id", "slug"]).returning("id").all()
        if inserted.isEmpty { throw SpotsStoreError.listExists }
    }

    public func renameList(id: UUID, accountID: UUID, to name: String) async throws -> Bool {
        try await database.transaction { sql in
            let rows = try await sql.update("spots_lists").set("name", to: name).where("id", .equal, id.uuidString)
                .where("account_id", .equal, accountID.uuidString).returning("id").all()
            guard !rows.isEmpty else { return false }
            // The name is a property of the collection: clients learn of it through the CTag.
            try await sql.raw("UPDATE spots_lists SET seq = seq + 1 WHERE id = \(bind: id.uuidString)").run()
            return true
        }
    }

    public func deleteList(id: UUID, accountID: UUID) async throws -> Bool {
        try await database.transaction { sql in
            try await sql.delete(from: "spots_reminders").where("list_id", .equal, id.uuidString)
                .where("account_id", .equal, accountID.uuidString).run()
            return !(try await sql.delete(from: "spots_lists").where("id", .equal, id.uuidString)
                .where("account_id", .equal, accountID.uuidString).returning("id").all()).isEmpty
        }
    }

    public func resourceTags(listID: UUID, accountID: UUID, names: [String]?) async throws -> [(name: String, etag: String)] {
        func query(_ names: [String]?) -> SQLSelectBuilder {
            var builder = database.sql.select().column("resource").column(SQLFunction("MAX", args: SQLIdentifier("change_seq")), as: "seq")
                .from("spots_reminders").where("list_id", .equal, listID.uuidString).where("account_id", .equal, accountID.uuidString)
            if let names { builder = builder.where("resource", .in, names) }
            return builder.groupBy("resource").orderBy("resource")
        }
        var rows: [any SQLRow] = []
        if let names {
            for chunk in names.chunked(by: 500) where !chunk.isEmpty { rows += try await query(Array(chunk)).all() }
        } else {
            rows = try await query(nil).all()
        }
        return try rows.map { (try $0.decode(column: "resource", as: String.self), CalendarResource.etag(try $0.decode(column: "seq", as: Int64.self))) }
    }

    public func resources(listID: UUID, accountID: UUID, names: [String]?) async throws -> [CalendarResource] {
        var rows: [any SQLRow] = []
        let base = { self.database.sql.select().columns("resource", "reminder", "change_seq", "updated_at").from("spots_reminders")
            .where("list_id", .equal, listID.uuidString).where("account_id", .equal, accountID.uuidString) }
        if let names {
            for chunk in names.chunked(by: 500) where !chunk.isEmpty {
                rows += try await base().where("resource", .in, Array(chunk)).all()
            }
        } else {
            rows = try await base().all()
        }
        var grouped: [String: (seq: Int64, modified: Int64, reminders: [Reminder])] = [:]
        for row in rows {
            let name = try row.decode(column: "resource", as: String.self)
            let reminder = try Reminder.storedShape.decode(try row.decode(column: "reminder", as: String.self))
            var entry = grouped[name] ?? (0, 0, [])
            entry.seq = max(entry.seq, try row.decode(column: "change_seq", as: Int64.self))
            entry.modified = max(entry.modified, try row.decode(column: "updated_at", as: Int64.self))
            entry.reminders.append(reminder)
            grouped[name] = entry
        }
        return grouped.keys.sorted().map { name in
            let entry = grouped[name]!
            // The series first, then its occurrences in order: the file reads as apps write it.
            let reminders = entry.reminders.sorted { a, b in
                switch (a.recurrence, b.recurrence) {
                case (.occurrence(let x), .occurrence(let y)): x < y
                case (.occurrence, _): false
                case (_, .occurrence): true
                default: a.id.uuidString < b.id.uuidString
                }
            }
            return CalendarResource(name: name, etag: CalendarResource.etag(entry.seq), reminders: reminders,
                                    modifiedAt: Date(millisecondsSince1970: entry.modified))
        }
    }

    public func putResource(_ name: String, reminders: [Reminder], listID: UUID, accountID: UUID, ifMatch: String?, ifNoneMatch: Bool,
                            at: Date, ownCopy: @escaping @Sendable (Reminder) throws -> Reminder) async throws -> (etag: String, created: Bool) {
        try await database.transaction { sql in
            // The list row's lock first: conditional writes to one list are decided one after another.
            let locked = try await sql.raw("""
                UPDATE spots_lists SET seq = seq WHERE id = \(bind: listID.uuidString) AND account_id = \(bind: accountID.uuidString) RETURNING id
                """).all()
            guard !locked.isEmpty else { throw SpotsStoreError.noSuchList }
            let current = try await Self.currentTag(name, listID: listID, on: sql)
            if ifNoneMatch, current != nil { throw SpotsStoreError.preconditionFailed }
            if let ifMatch, ifMatch != "*" ? current != ifMatch : current == nil { throw SpotsStoreError.preconditionFailed }
            var kept: [Reminder] = []
            for reminder in reminders {
                // A UID another resource of this account holds is refused (RFC 4791's no-uid-conflict).
                if let other = try await sql.select().columns("list_id", "resource").from("spots_reminders")
                    .where("id", .equal, reminder.id.uuidString).where("account_id", .equal, accountID.uuidString).first(),
                   try other.decode(column: "list_id", as: String.self) != listID.uuidString
                    || other.decode(column: "resource", as: String.self) != name {
                    throw SpotsStoreError.uidInUse(resource: try other.decode(column: "resource", as: String.self))
                }
                do {
                    _ = try await Self.save(reminder, accountID: accountID, at: at, on: sql, in: (listID, name))
                    kept.append(reminder)
                } catch SpotsStoreError.notYours {
                    let copy = try ownCopy(reminder)
                    _ = try await Self.save(copy, accountID: accountID, at: at, on: sql, in: (listID, name))
                    kept.append(copy)
                }
            }
            // Occurrences the new file no longer has go.
            var gone = sql.delete(from: "spots_reminders").where("list_id", .equal, listID.uuidString).where("resource", .equal, name)
            if !kept.isEmpty { gone = gone.where("id", .notIn, kept.map(\.id.uuidString)) }
            try await gone.run()
            try await Self.countChange(listID: listID, resource: name, on: sql)
            return (try await Self.currentTag(name, listID: listID, on: sql) ?? CalendarResource.etag(0), current == nil)
        }
    }

    public func deleteResource(_ name: String, listID: UUID, accountID: UUID, ifMatch: String?) async throws -> Bool {
        try await database.transaction { sql in
            guard let current = try await Self.currentTag(name, listID: listID, accountID: accountID, on: sql) else {
                if ifMatch != nil { throw SpotsStoreError.preconditionFailed }
                return false
            }
            if let ifMatch, ifMatch != "*", ifMatch != current { throw SpotsStoreError.preconditionFailed }
            try await sql.delete(from: "spots_reminders").where("list_id", .equal, listID.uuidString).where("resource", .equal, name)
                .where("account_id", .equal, accountID.uuidString).run()
            try await SpotsListRows.recordChange(listID: listID, resource: name, deleted: true, on: sql)
            return true
        }
    }

    public func changes(listID: UUID, accountID: UUID, since: Int64) async throws -> ListChanges? {
        let sql = database.sql
        guard let list = try await sql.select().column("seq").from("spots_lists").where("id", .equal, listID.uuidString)
            .where("account_id", .equal, accountID.uuidString).first() else { return nil }
        let seq = try list.decode(column: "seq", as: Int64.self)
        guard since >= 0, since <= seq else { return nil }
        let changed = try await sql.raw("""
            SELECT DISTINCT resource FROM spots_reminders WHERE list_id = \(bind: listID.uuidString) AND change_seq > \(bind: since)
            """).all().map { try $0.decode(column: "resource", as: String.self) }
        let deleted = try await sql.select().column("resource").from("spots_tombstones").where("list_id", .equal, listID.uuidString)
            .where("seq", .greaterThan, since).all().map { try $0.decode(column: "resource", as: String.self) }
        return ListChanges(changed: changed.sorted(), deleted: deleted.sorted(), seq: seq)
    }

    static func currentTag(_ name: String, listID: UUID, accountID: UUID? = nil, on sql: any SQLDatabase) async throws -> String? {
        var query = sql.select().column(SQLFunction("MAX", args: SQLIdentifier("change_seq")), as: "seq").from("spots_reminders")
            .where("list_id", .equal, listID.uuidString).where("resource", .equal, name)
        if let accountID { query = query.where("account_id", .equal, accountID.uuidString) }
        return try await query.first()?.decode(column: "seq", as: Int64?.self).map(CalendarResource.etag)
    }
}
