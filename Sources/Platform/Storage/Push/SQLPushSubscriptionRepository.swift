import CadenceCore
import Foundation
import PlatformService
import SQLKit
import Storage

public struct SQLPushSubscriptionRepository: PushSubscriptionRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    public func save(_ subscription: PushSubscription) async throws {
        try await database.transaction { sql in
            // A browser that subscribes again (new keys, or another account signed in) replaces its old subscription;
            // its choice of wrist cues stays when it is the same account's.
            let previous = try await sql.select().column("wrist_cues").from("push_subscriptions")
                .where("endpoint", .equal, subscription.endpoint).where("account_id", .equal, subscription.accountID.uuidString).first()
            let wristCues = try previous?.decode(column: "wrist_cues", as: Int?.self) == 1 || subscription.wristCues
            try await sql.delete(from: "push_subscriptions").where("endpoint", .equal, subscription.endpoint).run()
            try await sql.insert(into: "push_subscriptions")
                .columns("id", "account_id", "device_id", "session_id", "endpoint", "p256dh", "auth", "label", "role", "created_at", "wrist_cues")
                .values(SQLBind(subscription.id.uuidString), SQLBind(subscription.accountID.uuidString),
                        SQLBind(subscription.deviceID?.uuidString), SQLBind(subscription.sessionID?.uuidString),
                        SQLBind(subscription.endpoint), SQLBind(subscription.userAgentKey.base64EncodedString()),
                        SQLBind(subscription.authSecret.base64EncodedString()), SQLBind(subscription.label),
                        SQLBind(subscription.role.rawValue), SQLBind(subscription.createdAt.millisecondsSince1970), SQLBind(wristCues ? 1 : 0))
                .run()
        }
    }

    public func subscriptions(accountID: UUID) async throws -> [PushSubscription] {
        try await database.sql.select().column("*").from("push_subscriptions")
            .where("account_id", .equal, accountID.uuidString).orderBy("created_at").all()
            .map(Self.subscription)
    }

    public func delete(id: UUID, accountID: UUID) async throws -> Bool {
        !(try await database.sql.delete(from: "push_subscriptions")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .returning("id").all()).isEmpty
    }

    public func setWristCues(_ on: Bool, endpoint: String, accountID: UUID) async throws -> PushSubscription? {
        try await database.sql.update("push_subscriptions").set("wrist_cues", to: SQLBind(on ? 1 : 0))
            .where("endpoint", .equal, endpoint).where("account_id", .equal, accountID.uuidString)
            .returning("*").first().map(Self.subscription)
    }

    public func wantsWristCues(accountID: UUID) async throws -> Bool {
        try await database.sql.select().column("id").from("push_subscriptions")
            .where("account_id", .equal, accountID.uuidString).where("wrist_cues", .equal, 1).limit(1).first() != nil
    }

    public func recordOutcome(id: UUID, deliveredAt: Date?, error: String?) async throws {
        try await database.sql.update("push_subscriptions")
            .set("last_delivered_at", to: SQLBind(deliveredAt?.millisecondsSince1970))
            .set("last_error", to: SQLBind(error))
            .where("id", .equal, id.uuidString).run()
    }

    public func mutedModules(accountID: UUID) async throws -> Set<PushModule> {
        Set(try await database.sql.select().column("module").from("push_muted_modules")
            .where("account_id", .equal, accountID.uuidString).all()
            .compactMap { PushModule(rawValue: try $0.decode(column: "module", as: String.self)) })
    }

    public func setMutedModules(_ modules: Set<PushModule>, accountID: UUID) async throws {
        try await database.transaction { sql in
            try await sql.delete(from: "push_muted_modules").where("account_id", .equal, accountID.uuidString).run()
            for module in modules.sorted(by: { $0.rawValue < $1.rawValue }) {
                try await sql.insert(into: "push_muted_modules").columns("account_id", "module")
                    .values(SQLBind(accountID.uuidString), SQLBind(module.rawValue)).run()
            }
        }
    }

    static func subscription(_ row: any SQLRow) throws -> PushSubscription {
        PushSubscription(
            id: try row.decodeUUID(column: "id"), accountID: try row.decodeUUID(column: "account_id"),
            deviceID: try row.decode(column: "device_id", as: String?.self).flatMap(UUID.init(uuidString:)),
            sessionID: try row.decode(column: "session_id", as: String?.self).flatMap(UUID.init(uuidString:)),
            endpoint: try row.decode(column: "endpoint", as: String.self),
            userAgentKey: Data(base64Encoded: try row.decode(column: "p256dh", as: String.self)) ?? Data(),
            authSecret: Data(base64Encoded: try row.decode(column: "auth", as: String.self)) ?? Data(),
            label: try row.decode(column: "label", as: String.self),
            role: DeviceRole(rawValue: try row.decode(column: "role", as: String.self)) ?? .phone,
            createdAt: Date(millisecondsSince1970: try row.decode(column: "created_at", as: Int64.self)),
            lastDeliveredAt: try row.decode(column: "last_delivered_at", as: Int64?.self).map(Date.init(millisecondsSince1970:)),
            lastError: try row.decode(column: "last_error", as: String?.self),
            wristCues: try row.decode(column: "wrist_cues", as: Int?.self) == 1)
    }
}
