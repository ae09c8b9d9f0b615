import CadenceCore
import PlatformService
import Foundation
import SQLKit
import Storage

public struct SQLPasswordResetRepository: PasswordResetRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    public func create(tokenHash: String, accountID: UUID, expiresAt: Date) async throws {
        try await database.sql.insert(into: "password_resets")
            .columns("token_hash", "account_id", "expires_at", "used_at")
            .values(SQLBind(tokenHash), SQLBind(accountID.uuidString), SQLBind(expiresAt.millisecondsSince1970), SQLLiteral.null)
            .run()
    }

    public func consume(tokenHash: String, now: Date) async throws -> UUID? {
        // One conditional UPDATE … RETURNING: two clicks racing on one link cannot both win.
        let row = try await database.sql.update("password_resets")
            .set("used_at", to: now.millisecondsSince1970)
            .where("token_hash", .equal, tokenHash)
            .where("used_at", .is, SQLLiteral.null)
            .where("expires_at", .greaterThan, now.millisecondsSince1970)
            .returning("account_id").first()
        return try row?.decodeUUID(column: "account_id")
    }
}
