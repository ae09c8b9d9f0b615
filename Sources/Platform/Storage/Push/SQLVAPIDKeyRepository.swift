import Foundation
import PlatformService
import SQLKit
import Storage

public struct SQLVAPIDKeyRepository: VAPIDKeyRepository {
    let database: Database
    public init(database: Database) { self.database = database }

    public func key(creatingWith candidate: String, at: Date) async throws -> String {
        // Insert-if-absent, then read: of two instances starting at once, the first insert wins for both.
        try await database.sql.raw("""
            INSERT INTO push_keys (id, private_key, created_at) VALUES (1, \(bind: candidate), \(bind: at.millisecondsSince1970))
            ON CONFLICT (id) DO NOTHING
            """).run()
        guard let row = try await database.sql.select().column("private_key").from("push_keys").where("id", .equal, 1).first() else {
            throw CocoaError(.coderValueNotFound)
        }
        return try row.decode(column: "private_key", as: String.self)
    }
}
