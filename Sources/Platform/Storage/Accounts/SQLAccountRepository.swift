import CadenceCore
import PlatformService
import Foundation
import SQLKit
import Storage

public struct SQLAccountRepository: AccountRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    public func create(_ account: Account, passwordHash: String) async throws {
        do {
            try await database.sql.insert(into: "accounts")
                .columns("id", "email", "display_name", "password_hash", "created_at")
                .values(SQLBind(account.id.uuidString), SQLBind(account.email), SQLBind(account.displayName),
                        SQLBind(passwordHash), SQLBind(account.createdAt.millisecondsSince1970))
                .run()
        } catch {
            // The unique index is the arbiter (two sign-ups can race); the engines word
            // the violation differently, so ask again rather than parse their messages.
            if try await credentials(email: account.email) != nil { throw AccountStoreError.emailTaken }
            throw error
        }
    }

    public func find(id: UUID) async throws -> Account? {
        try await database.sql.select().columns(Self.columns).from("accounts")
            .where("id", .equal, id.uuidString).first().map(Self.account)
    }

    public func credentials(email: String) async throws -> (account: Account, passwordHash: String)? {
        guard let row = try await database.sql.select().columns(Self.columns + ["password_hash"]).from("accounts")
            .where("email", .equal, email).first()
        else { return nil }
        return (try Self.account(row), try row.decode(column: "password_hash", as: String.self))
    }

    public func delete(id: UUID) async throws -> Bool {
        try await database.sql.raw("DELETE FROM accounts WHERE id = \(bind: id.uuidString) RETURNING id").first() != nil
    }

    public func passwordHash(id: UUID) async throws -> String? {
        try await database.sql.select().column("password_hash").from("accounts")
            .where("id", .equal, id.uuidString).first()
            .map { try $0.decode(column: "password_hash", as: String.self) }
    }

    public func setPasswordHash(_ hash: String, for id: UUID) async throws {
        try await database.sql.update("accounts").set("password_hash", to: hash)
            .where("id", .equal, id.uuidString).run()
    }

    public func all() async throws -> [Account] {
        try await database.sql.select().columns(Self.columns).from("accounts")
            .orderBy("created_at").all().map(Self.account)
    }

    public func setPreferences(language: Language?, units: UnitSystem, for id: UUID) async throws {
        try await database.sql.update("accounts")
            .set("language", to: SQLBind(language?.code))
            .set("units", to: units.rawValue)
            .where("id", .equal, id.uuidString).run()
    }

    static let columns = ["id", "email", "display_name", "created_at", "language", "units"]

    static func account(_ row: any SQLRow) throws -> Account {
        Account(
            id: try row.decodeUUID(column: "id"),
            email: try row.decode(column: "email", as: String.self),
            displayName: try row.decode(column: "display_name", as: String.self),
            createdAt: Date(millisecondsSince1970: try row.decode(column: "created_at", as: Int64.self)),
            // A code this build has no catalogue for (a newer release's language) reads as "follow the browser".
            language: try row.decodeNil(column: "language") ? nil : Language(code: try row.decode(column: "language", as: String.self)),
            units: UnitSystem(rawValue: try row.decode(column: "units", as: String.self)) ?? .metric)
    }
}
