import CadenceCore
import PlatformService
import Foundation
import SQLKit
import Storage

public struct SQLPresenceRepository: PresenceRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    public func add(_ entry: PresenceEntry, instanceID: UUID, at: Date) async throws {
        try await heartbeat(instanceID: instanceID, at: at)
        try await database.sql.insert(into: "live_presence")
            .columns("connection_id", "account_id", "instance_id", "device_id", "name", "role", "connected_at")
            .values(SQLBind(entry.connectionID.uuidString), SQLBind(entry.accountID.uuidString), SQLBind(instanceID.uuidString),
                    SQLBind(entry.deviceID?.uuidString), SQLBind(entry.name), SQLBind(entry.role), SQLBind(at.millisecondsSince1970))
            .run()
    }

    public func remove(connectionID: UUID) async throws {
        try await database.sql.delete(from: "live_presence").where("connection_id", .equal, connectionID.uuidString).run()
    }

    public func online(accountID: UUID, aliveSince: Date) async throws -> [PresenceEntry] {
        try await database.sql.raw("""
            SELECT p.connection_id, p.device_id, p.name, p.role FROM live_presence p
            JOIN live_instances i ON i.instance_id = p.instance_id
            WHERE p.account_id = \(bind: accountID.uuidString) AND i.seen_at >= \(bind: aliveSince.millisecondsSince1970)
            ORDER BY p.connected_at
            """).all().map { row in
                PresenceEntry(
                    connectionID: try row.decodeUUID(column: "connection_id"), accountID: accountID,
                    deviceID: try row.decode(column: "device_id", as: String?.self).flatMap(UUID.init(uuidString:)),
                    name: try row.decode(column: "name", as: String.self), role: try row.decode(column: "role", as: String.self))
            }
    }

    public func heartbeat(instanceID: UUID, at: Date) async throws {
        try await database.sql.raw("""
            INSERT INTO live_instances (instance_id, seen_at) VALUES (\(bind: instanceID.uuidString), \(bind: at.millisecondsSince1970))
            ON CONFLICT (instance_id) DO UPDATE SET seen_at = excluded.seen_at
            """).run()
    }

    public func pruneInstances(deadBefore: Date) async throws {
        let cutoff = deadBefore.millisecondsSince1970
        try await database.sql.raw("""
            DELETE FROM live_presence WHERE instance_id IN (SELECT instance_id FROM live_instances WHERE seen_at < \(bind: cutoff))
            """).run()
        try await database.sql.delete(from: "live_instances").where("seen_at", .lessThan, cutoff).run()
    }
}
