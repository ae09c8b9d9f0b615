import CadenceCore
import Foundation
import SQLKit
import Spots
import SpotsService
import Storage

/// WebDAV-Push registrations in `spots_push_registrations` (`M031_SpotsPush`).
public struct SQLTaskListPushStore: TaskListPushStore {
    let database: Database
    public init(database: Database) { self.database = database }

    static let table = "spots_push_registrations"

    public func saveRegistration(_ registration: TaskListPushRegistration, startingFrom list: StoredList, at: Date) async throws
        -> (registration: TaskListPushRegistration, created: Bool)
    {
        if let updated = try await saveRegistrationIfKnown(registration, startingFrom: list, at: at) { return (updated, false) }
        let inserted = try await database.sql.insert(into: Self.table)
            .columns("id", "account_id", "device_id", "list_id", "endpoint", "p256dh", "auth", "content_updates", "property_updates",
                     "expires_at", "created_at", "notified_seq", "notified_name")
            .values(SQLBind(registration.id), SQLBind(registration.accountID.uuidString), SQLBind(registration.deviceID.uuidString),
                    SQLBind(registration.listID.uuidString), SQLBind(registration.target.endpoint),
                    SQLBind(Base64URL.encode(registration.target.userAgentKey)), SQLBind(Base64URL.encode(registration.target.authSecret)),
                    SQLBind(registration.contentUpdates ? 1 : 0), SQLBind(registration.propertyUpdates ? 1 : 0),
                    SQLBind(registration.expiresAt.millisecondsSince1970), SQLBind(at.millisecondsSince1970), SQLBind(list.seq),
                    SQLBind(list.list.name))
            .ignoringConflicts(with: ["list_id", "endpoint"]).returning("id").all()
        if !inserted.isEmpty { return (registration, true) }
        // The same client registered at the same moment through another request: that one is updated instead.
        guard let updated = try await saveRegistrationIfKnown(registration, startingFrom: list, at: at) else {
            throw SpotsStoreError.noSuchList
        }
        return (updated, false)
    }

    public func saveRegistrationIfKnown(_ registration: TaskListPushRegistration, startingFrom list: StoredList, at: Date) async throws
        -> TaskListPushRegistration?
    {
        let rows = try await database.sql.update(Self.table)
            .set("device_id", to: registration.deviceID.uuidString)
            .set("p256dh", to: Base64URL.encode(registration.target.userAgentKey))
            .set("auth", to: Base64URL.encode(registration.target.authSecret))
            .set("content_updates", to: registration.contentUpdates ? 1 : 0)
            .set("property_updates", to: registration.propertyUpdates ? 1 : 0)
            .set("expires_at", to: registration.expiresAt.millisecondsSince1970)
            .set("last_error", to: String?.none)
            .where("list_id", .equal, registration.listID.uuidString).where("endpoint", .equal, registration.target.endpoint)
            .where("account_id", .equal, registration.accountID.uuidString)
            .returning("id").all()
        guard let row = rows.first else { return nil }
        return TaskListPushRegistration(
            id: try row.decode(column: "id", as: String.self), accountID: registration.accountID, deviceID: registration.deviceID,
            listID: registration.listID, target: registration.target, contentUpdates: registration.contentUpdates,
            propertyUpdates: registration.propertyUpdates, expiresAt: registration.expiresAt)
    }

    public func registrationCount(accountID: UUID) async throws -> Int {
        let row = try await database.sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(Self.table)
            .where("account_id", .equal, accountID.uuidString).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    public func deleteRegistration(id: String, accountID: UUID) async throws -> Bool {
        !(try await database.sql.delete(from: Self.table).where("id", .equal, id).where("account_id", .equal, accountID.uuidString)
            .returning("id").all()).isEmpty
    }

    public func registrationsBehind(accountID: UUID, now: Date) async throws -> [TaskListPushState] {
        try await database.sql.delete(from: Self.table).where("account_id", .equal, accountID.uuidString)
            .where("expires_at", .lessThanOrEqual, now.millisecondsSince1970).run()
        let rows = try await database.sql.raw("""
            SELECT r.id, r.device_id, r.list_id, r.endpoint, r.p256dh, r.auth, r.content_updates, r.property_updates, r.expires_at,
                   r.notified_seq, r.notified_name, l.slug, l.name, l.seq
            FROM spots_push_registrations r LEFT JOIN spots_lists l ON l.id = r.list_id AND l.account_id = r.account_id
            WHERE r.account_id = \(bind: accountID.uuidString)
              AND (l.id IS NULL OR l.seq > r.notified_seq OR l.name <> r.notified_name)
            """).all()
        return try rows.compactMap { row in
            guard let key = Base64URL.decode(try row.decode(column: "p256dh", as: String.self)),
                  let secret = Base64URL.decode(try row.decode(column: "auth", as: String.self)) else { return nil }
            let listID = try row.decodeUUID(column: "list_id")
            let registration = TaskListPushRegistration(
                id: try row.decode(column: "id", as: String.self), accountID: accountID, deviceID: try row.decodeUUID(column: "device_id"),
                listID: listID, target: WebPushTarget(endpoint: try row.decode(column: "endpoint", as: String.self), userAgentKey: key,
                                                      authSecret: secret),
                contentUpdates: try row.decode(column: "content_updates", as: Int.self) != 0,
                propertyUpdates: try row.decode(column: "property_updates", as: Int.self) != 0,
                expiresAt: Date(millisecondsSince1970: try row.decode(column: "expires_at", as: Int64.self)))
            var list: StoredList?
            if let slug = try row.decode(column: "slug", as: String?.self), let name = try row.decode(column: "name", as: String?.self),
               let seq = try row.decode(column: "seq", as: Int64?.self) {
                list = StoredList(list: TaskList(id: listID, slug: slug, name: name), seq: seq)
            }
            return TaskListPushState(registration: registration, list: list,
                                     notifiedSeq: try row.decode(column: "notified_seq", as: Int64.self),
                                     notifiedName: try row.decode(column: "notified_name", as: String.self))
        }
    }

    public func markNotified(id: String, seq: Int64, name: String) async throws -> Bool {
        let rows = try await database.sql.raw("""
            UPDATE spots_push_registrations SET notified_seq = \(bind: seq), notified_name = \(bind: name)
            WHERE id = \(bind: id) AND (notified_seq < \(bind: seq) OR (notified_seq = \(bind: seq) AND notified_name <> \(bind: name)))
            RETURNING id
            """).all()
        return !rows.isEmpty
    }

    public func recordFailure(id: String, _ reason: String?) async throws {
        try await database.sql.update(Self.table).set("last_error", to: reason).where("id", .equal, id).run()
    }
}
