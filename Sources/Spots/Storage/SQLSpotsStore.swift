import CadenceCore
import Foundation
import SQLKit
import Spots
import SpotsService
import Storage

/// Reminders, fence states, decisions and the gazetteer in the tables of `M007_Spots`.
public struct SQLSpotsStore: SpotsStore {
    let database: Database
    public init(database: Database) { self.database = database }

    static let encoder = JSONEncoder()
    static let decoder = JSONDecoder()

    public func reminders(accountID: UUID) async throws -> [StoredReminder] {
        try await database.sql.raw("""
            SELECT r.reminder, r.fired_at, r.alert_at, r.list_id, r.change_seq, l.slug
            FROM spots_reminders r LEFT JOIN spots_lists l ON l.id = r.list_id
            WHERE r.account_id = \(bind: accountID.uuidString)
            """).all().map(Self.stored)
    }

    public func reminder(id: UUID, accountID: UUID) async throws -> StoredReminder? {
        try await database.sql.raw("""
            SELECT r.reminder, r.fired_at, r.alert_at, r.list_id, r.change_seq, l.slug
            FROM spots_reminders r LEFT JOIN spots_lists l ON l.id = r.list_id
            WHERE r.id = \(bind: id.uuidString) AND r.account_id = \(bind: accountID.uuidString)
            """).first().map(Self.stored)
    }

    public func save(_ reminder: Reminder, accountID: UUID, at: Date, inList listID: UUID?, ifMatch: String) async throws {
        try await database.transaction { sql in
            // The row's lock first, so two writes from the same read are decided one after the other.
            let locked = try await sql.raw("""
                UPDATE spots_reminders SET updated_at = updated_at
                WHERE id = \(bind: reminder.id.uuidString) AND account_id = \(bind: accountID.uuidString)
                RETURNING list_id, change_seq
                """).first()
            guard let locked, try Self.etag(locked) == ifMatch else { throw SpotsStoreError.preconditionFailed }
            _ = try await Self.save(reminder, accountID: accountID, at: at, on: sql, in: listID.map { ($0, reminder.defaultResourceName) })
        }
    }

    /// A reminder's version: its list and that list's count of changes when its resource last changed.
    static func etag(_ row: any SQLRow) throws -> String? {
        guard row.contains(column: "change_seq"), let seq = try row.decode(column: "change_seq", as: Int64?.self),
              let list = try row.decode(column: "list_id", as: String?.self) else { return nil }
        return "\"\(list.prefix(8).lowercased())-\(seq)\""
    }

    public func save(_ reminder: Reminder, accountID: UUID, at: Date, inList listID: UUID?) async throws {
        try await database.transaction { sql in
            _ = try await Self.save(reminder, accountID: accountID, at: at, on: sql, in: listID.map { ($0, reminder.defaultResourceName) })
        }
    }

    /// Saves many at once (an import), all or nothing; returns how many were new. A reminder whose
    /// id another account holds (an iCalendar UID that is a UUID, imported by two people) is saved
    /// as `ownCopy(reminder)` instead, decided inside the transaction so two imports at once agree.
    public func saveAll(_ reminders: [Reminder], accountID: UUID, at: Date,
                        ownCopy: @escaping @Sendable (Reminder) throws -> Reminder) async throws -> Int {
        try await database.transaction { sql in
            var created = 0
            for reminder in reminders {
                let isNew: Bool
                do {
                    isNew = try await Self.save(reminder, accountID: accountID, at: at, on: sql)
                } catch SpotsStoreError.notYours {
                    isNew = try await Self.save(try ownCopy(reminder), accountID: accountID, at: at, on: sql)
                }
                if isNew { created += 1 }
            }
            return created
        }
    }

    /// True when the reminder is new. An id that belongs to another account is refused, never overwritten.
    /// Inserting first (a conflict does nothing) rather than looking first: two requests creating the
    /// same id at once would both find nothing and one would fail on the primary key.
    /// A new reminder goes to `place` (a list and resource), by default the account's Reminders list under its UID; an
    /// existing one stays where it is unless `place` moves it. Either way the change is counted for sync.
    static func save(_ reminder: Reminder, accountID: UUID, at: Date, on sql: any SQLDatabase,
                     in place: (list: UUID, resource: String)? = nil) async throws -> Bool {
        let id = reminder.id.uuidString, account = accountID.uuidString, now = at.millisecondsSince1970
        let json = try Reminder.storedShape.encode(reminder)
        if place == nil { try await SpotsListRows.ensureDefaultList(accountID: accountID, at: at, on: sql) }
        let target = place ?? (SpotsListRows.defaultListID(accountID: accountID), reminder.defaultResourceName)
        let inserted = try await sql.insert(into: "spots_reminders")
            .columns("id", "account_id", "reminder", "due_at", "has_place", "completed_at", "fired_at", "alert_at", "created_at",
                     "updated_at", "list_id", "resource", "change_seq")
            .values(SQLBind(id), SQLBind(account), SQLBind(json), SQLBind(reminder.due?.millisecondsSince1970),
                    SQLBind(reminder.place == nil ? 0 : 1), SQLBind(reminder.completedAt?.millisecondsSince1970),
                    SQLBind(Int64?.none), SQLBind(reminder.due?.millisecondsSince1970), SQLBind(now), SQLBind(now),
                    SQLBind(target.list.uuidString), SQLBind(target.resource), SQLBind(Int64(0)))
            .ignoringConflicts(with: "id")
            .returning("id")
            .all()
        if !inserted.isEmpty {
            try await SpotsListRows.recordChange(listID: target.list, resource: target.resource, deleted: false, on: sql)
            return true
        }
        // Deleted again between the insert and this read: the id is free, so try again.
        guard let previous = try await sql.select().columns("account_id", "reminder", "list_id", "resource").from("spots_reminders")
            .where("id", .equal, id).first() else {
            return try await save(reminder, accountID: accountID, at: at, on: sql, in: place)
        }
        guard try previous.decode(column: "account_id", as: String.self) == account else { throw SpotsStoreError.notYours }
        let was = (list: try previous.decode(column: "list_id", as: String.self), resource: try previous.decode(column: "resource", as: String.self))
        let old = try Reminder.storedShape.decode(try previous.decode(column: "reminder", as: String.self))
        var update = sql.update("spots_reminders").set("reminder", to: json).set("due_at", to: reminder.due?.millisecondsSince1970)
            .set("has_place", to: reminder.place == nil ? 0 : 1).set("completed_at", to: reminder.completedAt?.millisecondsSince1970)
            .set("updated_at", to: now)
        // A moved due time, or a changed repeat, arms the alert again at the (new) due time.
        if old.due != reminder.due || old.recurrence != reminder.recurrence || old.repeatSchedule != reminder.repeatSchedule {
            update = update.set("fired_at", to: Int64?.none).set("alert_at", to: reminder.due?.millisecondsSince1970)
        }
        if let place { update = update.set("list_id", to: place.list.uuidString).set("resource", to: place.resource) }
        try await update.where("id", .equal, id).run()
        if old.place?.fence != reminder.place?.fence {
            try await sql.delete(from: "spots_fence_states").where("reminder_id", .equal, id).run()
        }
        if let listID = UUID(uuidString: was.list), place.map({ $0.list != listID || $0.resource != was.resource }) ?? false {
            try await Self.countChange(listID: listID, resource: was.resource, on: sql)  // moved out of its old resource
        }
        try await Self.countChange(listID: place?.list ?? UUID(uuidString: was.list)!, resource: place?.resource ?? was.resource, on: sql)
        return false
    }

    /// Counts a change to a resource: deleted when no reminder is left in it.
    static func countChange(listID: UUID, resource: String, on sql: any SQLDatabase) async throws {
        let left = try await sql.select().column("id").from("spots_reminders").where("list_id", .equal, listID.uuidString)
            .where("resource", .equal, resource).limit(1).all()
        try await SpotsListRows.recordChange(listID: listID, resource: resource, deleted: left.isEmpty, on: sql)
    }

    public func saveSeries(_ series: Reminder, occurrence: Reminder?, accountID: UUID, at: Date) async throws {
        try await database.transaction { sql in
            _ = try await Self.save(series, accountID: accountID, at: at, on: sql)
            guard let occurrence else { return }
            let row = try await sql.select().columns("list_id", "resource").from("spots_reminders")
                .where("id", .equal, series.id.uuidString).where("account_id", .equal, accountID.uuidString).first()
            let place = try row.flatMap { row -> (list: UUID, resource: String)? in
                guard let list = UUID(uuidString: try row.decode(column: "list_id", as: String.self)) else { return nil }
                return (list, try row.decode(column: "resource", as: String.self))
            }
            _ = try await Self.save(occurrence, accountID: accountID, at: at, on: sql, in: place)
        }
    }

    public func delete(id: UUID, accountID: UUID) async throws -> Bool {
        try await database.transaction { sql in
            let rows = try await sql.delete(from: "spots_reminders")
                .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
                .returning("list_id", "resource").all()
            guard let row = rows.first else { return false }
            if let list = try row.decode(column: "list_id", as: String?.self).flatMap(UUID.init(uuidString:)),
               let resource = try row.decode(column: "resource", as: String?.self) {
                try await Self.countChange(listID: list, resource: resource, on: sql)
            }
            return true
        }
    }

    public func dueUnfired(now: Date, limit: Int) async throws -> [(accountID: UUID, reminder: StoredReminder)] {
        try await database.sql.select().columns("account_id", "reminder", "fired_at", "alert_at").from("spots_reminders")
            .where("alert_at", .lessThanOrEqual, now.millisecondsSince1970)
            .where("completed_at", .is, SQLLiteral.null).orderBy("alert_at").limit(limit).all()
            .map { (try $0.decodeUUID(column: "account_id"), try Self.stored($0)) }
    }

    /// Marks the alert due at `alertAt` fired on `sql` (inside the transaction that publishes it) and arms the next
    /// one (a series' next occurrence, else none): false when another instance, or an edit, got there first.
    public func claimTimeAlert(id: UUID, alertAt: Date, next: Date?, at: Date, on sql: any SQLDatabase) async throws -> Bool {
        // The alert time is part of the claim: an edit that moved it meanwhile makes this claim miss.
        let rows = try await sql.update("spots_reminders").set("fired_at", to: at.millisecondsSince1970)
            .set("alert_at", to: next?.millisecondsSince1970)
            .where("id", .equal, id.uuidString).where("alert_at", .equal, alertAt.millisecondsSince1970).returning("id").all()
        return !rows.isEmpty
    }

    public func fenceStates(deviceKey: String, reminderIDs: [UUID]) async throws -> [UUID: FenceState] {
        guard !reminderIDs.isEmpty else { return [:] }
        var states: [UUID: FenceState] = [:]
        for chunk in reminderIDs.chunked(by: 500) {
            for row in try await database.sql.select().columns("reminder_id", "state").from("spots_fence_states")
                .where("device_key", .equal, deviceKey).where("reminder_id", .in, chunk.map(\.uuidString)).all() {
                states[try row.decodeUUID(column: "reminder_id")] = try Self.decoder.decode(
                    FenceState.self, from: Data(try row.decode(column: "state", as: String.self).utf8))
            }
        }
        return states
    }

    public func insideReminderIDs(deviceKey: String, accountID: UUID) async throws -> [UUID] {
        try await database.sql.raw("""
            SELECT s.reminder_id FROM spots_fence_states s JOIN spots_reminders r ON r.id = s.reminder_id
            WHERE s.device_key = \(bind: deviceKey) AND r.account_id = \(bind: accountID.uuidString)
              AND s.inside = 1
            """).all().map { try $0.decodeUUID(column: "reminder_id") }
    }

    public func saveFenceStates(_ states: [UUID: FenceState], deviceKey: String) async throws {
        guard !states.isEmpty else { return }
        try await database.transaction { sql in
            for (id, state) in states {
                let json = String(decoding: try Self.encoder.encode(state), as: UTF8.self)
                try await sql.raw("""
                    INSERT INTO spots_fence_states (reminder_id, device_key, state, inside)
                    VALUES (\(bind: id.uuidString), \(bind: deviceKey), \(bind: json), \(bind: state.position == .inside ? 1 : 0))
                    ON CONFLICT (reminder_id, device_key) DO UPDATE SET state = excluded.state, inside = excluded.inside
                    """).run()
            }
        }
    }

    public func record(_ events: [SpotsEvent], accountID: UUID) async throws {
        for chunk in events.chunked(by: 100) where !chunk.isEmpty {
            let insert = database.sql.insert(into: "spots_events")
                .columns("id", "account_id", "reminder_id", "device_key", "at", "kind", "fired", "decision")
            for event in chunk {
                let decision = String(decoding: try Self.encoder.encode(EventPayload(decision: event.decision, late: event.late)), as: UTF8.self)
                insert.values(SQLBind(event.id.uuidString), SQLBind(accountID.uuidString), SQLBind(event.reminderID.uuidString),
                              SQLBind(event.deviceKey), SQLBind(event.at.millisecondsSince1970), SQLBind(event.kind),
                              SQLBind(event.fired ? 1 : 0), SQLBind(decision))
            }
            try await insert.run()
        }
    }

    public func events(reminderID: UUID, accountID: UUID, limit: Int) async throws -> [SpotsEvent] {
        try await database.sql.select().columns("id", "reminder_id", "device_key", "at", "kind", "fired", "decision").from("spots_events")
            .where("reminder_id", .equal, reminderID.uuidString).where("account_id", .equal, accountID.uuidString)
            .orderBy("at", .descending).limit(limit).all()
            .map { row in
                let payload = try Self.decoder.decode(EventPayload.self, from: Data(try row.decode(column: "decision", as: String.self).utf8))
                return SpotsEvent(
                    id: try row.decodeUUID(column: "id"), reminderID: try row.decodeUUID(column: "reminder_id"),
                    deviceKey: try row.decode(column: "device_key", as: String.self),
                    at: Date(millisecondsSince1970: try row.decode(column: "at", as: Int64.self)),
                    kind: try row.decode(column: "kind", as: String.self), fired: try row.decode(column: "fired", as: Int.self) != 0,
                    decision: payload.decision, late: payload.late)
            }
    }

    public func deleteEvents(before date: Date) async throws -> Int {
        try await database.sql.raw("DELETE FROM spots_events WHERE at < \(bind: date.millisecondsSince1970) RETURNING id").all().count
    }

    public func replaceGazetteer(_ places: [GazetteerPlace]) async throws {
        try await database.transaction { sql in
            try await sql.delete(from: "gazetteer_places").run()
            for chunk in places.chunked(by: 500) {
                let insert = sql.insert(into: "gazetteer_places").columns("id", "place")
                for place in chunk {
                    insert.values(SQLBind(place.id), SQLBind(String(decoding: try Self.encoder.encode(place), as: UTF8.self)))
                }
                try await insert.run()
            }
        }
    }

    public func gazetteer() async throws -> [GazetteerPlace] {
        try await database.sql.select().column("place").from("gazetteer_places").all()
            .map { try Self.decoder.decode(GazetteerPlace.self, from: Data(try $0.decode(column: "place", as: String.self).utf8)) }
    }

    private struct EventPayload: Codable {
        let decision: FenceDecision?
        let late: Bool
    }

    static func stored(_ row: any SQLRow) throws -> StoredReminder {
        StoredReminder(
            reminder: try Reminder.storedShape.decode(try row.decode(column: "reminder", as: String.self)),
            firedAt: try row.decode(column: "fired_at", as: Int64?.self).map(Date.init(millisecondsSince1970:)),
            alertAt: try row.decode(column: "alert_at", as: Int64?.self).map(Date.init(millisecondsSince1970:)),
            list: row.contains(column: "slug") ? try row.decode(column: "slug", as: String?.self) : nil,
            etag: try etag(row))
    }
}
