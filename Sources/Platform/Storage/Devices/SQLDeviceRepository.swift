import CadenceCore
import PlatformService
import Foundation
import SQLKit
import Storage

public struct SQLDeviceRepository: DeviceRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    static let columns = ["id", "account_id", "role", "name", "created_at", "last_seen_at"]

    public func create(_ device: Device, tokenHash: String) async throws {
        try await database.sql.insert(into: "devices")
            .columns(Self.columns + ["token_hash"])
            .values(SQLBind(device.id.uuidString), SQLBind(device.accountID.uuidString), SQLBind(device.role.rawValue),
                    SQLBind(device.name), SQLBind(device.createdAt.millisecondsSince1970),
                    SQLBind(device.lastSeenAt.millisecondsSince1970), SQLBind(tokenHash))
            .run()
    }

    public func resolve(tokenHash: String) async throws -> (device: Device, account: Account)? {
        let row = try await database.sql.raw("""
            SELECT d.id AS device_id, d.account_id, d.role, d.name, d.created_at AS device_created_at, d.last_seen_at,
                   a.id, a.email, a.display_name, a.created_at, a.language, a.units
            FROM devices d JOIN accounts a ON a.id = d.account_id
            WHERE d.token_hash = \(bind: tokenHash)
            """).first()
        guard let row else { return nil }
        return (try Self.device(row, id: "device_id", createdAt: "device_created_at"), try SQLAccountRepository.account(row))
    }

    public func list(accountID: UUID) async throws -> [Device] {
        try await database.sql.select().columns(Self.columns).from("devices")
            .where("account_id", .equal, accountID.uuidString).orderBy("created_at").all()
            .map { try Self.device($0) }
    }

    public func rename(id: UUID, accountID: UUID, to name: String) async throws -> Device? {
        try await database.sql.update("devices").set("name", to: name)
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .returning(SQLColumn("id"), SQLColumn("account_id"), SQLColumn("role"), SQLColumn("name"),
                       SQLColumn("created_at"), SQLColumn("last_seen_at"))
            .first().map { try Self.device($0) }
    }

    public func revoke(id: UUID, accountID: UUID) async throws -> Bool {
        let removed = try await database.sql.delete(from: "devices")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .returning("id").all()
        return !removed.isEmpty
    }

    public func touch(id: UUID, at: Date) async throws {
        try await database.sql.update("devices").set("last_seen_at", to: at.millisecondsSince1970)
            .where("id", .equal, id.uuidString).run()
    }

    static func device(_ row: any SQLRow, id: String = "id", createdAt: String = "created_at") throws -> Device {
        let roleText = try row.decode(column: "role", as: String.self)
        guard let role = DeviceRole(rawValue: roleText) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown device role \(roleText)"))
        }
        return Device(
            id: try row.decodeUUID(column: id), accountID: try row.decodeUUID(column: "account_id"), role: role,
            name: try row.decode(column: "name", as: String.self),
            createdAt: Date(millisecondsSince1970: try row.decode(column: createdAt, as: Int64.self)),
            lastSeenAt: Date(millisecondsSince1970: try row.decode(column: "last_seen_at", as: Int64.self)))
    }
}
