import CadenceCore
import PlatformService
import Foundation
import SQLKit
import Storage

public struct SQLPairingRepository: PairingRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    static let columns = ["id", "account_id", "code", "expires_at", "wrong_guesses", "used_at"]

    public func create(_ pairing: Pairing) async throws {
        try await database.sql.insert(into: "pairings").columns(Self.columns)
            .values(SQLBind(pairing.id.uuidString), SQLBind(pairing.accountID.uuidString), SQLBind(pairing.code),
                    SQLBind(pairing.expiresAt.millisecondsSince1970), SQLBind(pairing.wrongGuesses),
                    SQLBind(pairing.usedAt?.millisecondsSince1970))
            .run()
    }

    public func find(id: UUID) async throws -> Pairing? {
        try await database.sql.select().columns(Self.columns).from("pairings")
            .where("id", .equal, id.uuidString).first().map(Self.pairing)
    }

    public func open(code: String, at now: Date) async throws -> Pairing? {
        try await database.sql.select().columns(Self.columns).from("pairings")
            .where("code", .equal, code)
            .where("used_at", .is, SQLLiteral.null)
            .where("expires_at", .greaterThan, now.millisecondsSince1970)
            .where("wrong_guesses", .lessThan, PairingRules.maximumWrongGuesses)
            .first().map(Self.pairing)
    }

    public func recordWrongGuess(id: UUID) async throws {
        try await database.sql.update("pairings")
            .set("wrong_guesses", to: SQLBinaryExpression(SQLColumn("wrong_guesses"), .add, SQLLiteral.numeric("1")))
            .where("id", .equal, id.uuidString).run()
    }

    public func markUsed(id: UUID, at now: Date) async throws -> Bool {
        let rows = try await database.sql.update("pairings").set("used_at", to: now.millisecondsSince1970)
            .where("id", .equal, id.uuidString).where("used_at", .is, SQLLiteral.null)
            .returning("id").all()
        return !rows.isEmpty
    }

    static func pairing(_ row: any SQLRow) throws -> Pairing {
        Pairing(
            id: try row.decodeUUID(column: "id"), accountID: try row.decodeUUID(column: "account_id"),
            code: try row.decode(column: "code", as: String.self),
            expiresAt: Date(millisecondsSince1970: try row.decode(column: "expires_at", as: Int64.self)),
            wrongGuesses: try row.decode(column: "wrong_guesses", as: Int.self),
            usedAt: try row.decode(column: "used_at", as: Int64?.self).map(Date.init(millisecondsSince1970:)))
    }
}
