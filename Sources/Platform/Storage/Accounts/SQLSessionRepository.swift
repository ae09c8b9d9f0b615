import CadenceCore
import PlatformService
import Foundation
import SQLKit
import Storage

public struct SQLSessionRepository: SessionRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    public func create(_ session: SessionRecord, tokenHash: String) async throws {
        try await database.sql.insert(into: "sessions")
            .columns("id", "account_id", "token_hash", "created_at", "last_used_at", "user_agent")
            .values(SQLBind(session.id.uuidString), SQLBind(session.accountID.uuidString), SQLBind(tokenHash),
                    SQLBind(session.createdAt.millisecondsSince1970), SQLBind(session.lastUsedAt.millisecondsSince1970),
                    SQLBind(session.userAgent))
            .run()
    }

    public func resolve(tokenHash: String) async throws -> (session: SessionRecord, account: Account)? {
        let row = try await database.sql.raw("""
            SELECT s.id AS session_id, s.created_at AS session_created_at, s.last_used_at, s.user_agent,
                   a.id, a.email, a.display_name, a.created_at, a.language, a.units
            FROM sessions s JOIN accounts a ON a.id = s.account_id
            WHERE s.token_hash = \(bind: tokenHash)
            """).first()
        guard let row else { return nil }
        let account = try SQLAccountRepository.account(row)
        return (try Self.session(row, id: "session_id", accountID: "id", createdAt: "session_created_at"), account)
    }

    public func list(accountID: UUID) async throws -> [SessionRecord] {
        try await database.sql.select().columns("id", "account_id", "created_at", "last_used_at", "user_agent")
            .from("sessions").where("account_id", .equal, accountID.uuidString)
            .orderBy("last_used_at", .descending).all()
            .map { try Self.session($0) }
    }

    public func revoke(id: UUID, accountID: UUID) async throws -> Bool {
        let removed = try await database.sql.delete(from: "sessions")
            .where("id", .equal, id.uuidString).where("account_id", .equal, accountID.uuidString)
            .returning("id").all()
        return !removed.isEmpty
    }

    public func revokeAll(accountID: UUID, keeping: UUID?) async throws {
        var query = database.sql.delete(from: "sessions").where("account_id", .equal, accountID.uuidString)
        if let keeping { query = query.where("id", .notEqual, keeping.uuidString) }
        try await query.run()
    }

    /// Column names differ where a join renames them apart from the account's own.
    static func session(
        _ row: any SQLRow, id: String = "id", accountID: String = "account_id", createdAt: String = "created_at"
    ) throws -> SessionRecord {
        SessionRecord(
            id: try row.decodeUUID(column: id), accountID: try row.decodeUUID(column: accountID),
            createdAt: Date(millisecondsSince1970: try row.decode(column: createdAt, as: Int64.self)),
            lastUsedAt: Date(millisecondsSince1970: try row.decode(column: "last_used_at", as: Int64.self)),
            userAgent: try row.decode(column: "user_agent", as: String.self))
    }

    public func touch(id: UUID, at: Date) async throws {
        try await database.sql.update("sessions").set("last_used_at", to: at.millisecondsSince1970)
            .where("id", .equal, id.uuidString).run()
    }
}
