import CadenceCore
import Foundation
import PlatformService
import SQLKit
import Storage

public struct SQLKnownBrowserRepository: KnownBrowserRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    public func remember(tokenHash: String, accountID: UUID, at: Date) async throws {
        try await database.sql.insert(into: "known_browsers").columns("token_hash", "account_id", "created_at")
            .values(SQLBind(tokenHash), SQLBind(accountID.uuidString), SQLBind(at.millisecondsSince1970))
            .run()
    }

    public func email(tokenHash: String) async throws -> String? {
        try await database.sql.raw("""
            SELECT a.email FROM known_browsers k JOIN accounts a ON a.id = k.account_id WHERE k.token_hash = \(bind: tokenHash)
            """).first()?.decode(column: "email", as: String.self)
    }
}
