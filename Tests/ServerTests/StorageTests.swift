import CadenceCore
import Foundation
import PlatformStorage
import Schema
import Storage
import Testing

@Suite(.timeLimit(.minutes(5))) struct StorageTests {
    @Test func migrationsRunOnceAndAgainIsANoOp() async throws {
        let (database, cleanup) = try await TestDatabase.open()
        defer { cleanup() }
        let again = try await Migrator(database: database).migrate()
        #expect(again.isEmpty)
        try await database.shutdown()
    }

    @Test func aFailedTransactionLeavesNothingBehind() async throws {
        let (database, cleanup) = try await TestDatabase.open()
        defer { cleanup() }
        let accounts = SQLAccountRepository(database: database)
        let email = uniqueEmail()
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await database.transaction { sql in
                try await sql.raw("INSERT INTO accounts (id, email, display_name, password_hash, created_at) VALUES (\(bind: UUID().uuidString), \(bind: email), 'X', 'h', 0)").run()
                throw Boom()
            }
        }
        #expect(try await accounts.credentials(email: email) == nil)
        try await database.shutdown()
    }

    @Test func unsupportedDatabaseURLsAreNamed() throws {
        #expect(throws: DatabaseConfigurationError.self) { try DatabaseLocation(parsing: "mysql://x") }
        #expect(try DatabaseLocation(parsing: "postgresql://u:p@h/db") == .postgres(url: "postgresql://u:p@h/db"))
        #expect(try DatabaseLocation(parsing: "data/c.sqlite") == .sqlite(path: "data/c.sqlite"))
        #expect(DatabaseLocation.postgres(url: "postgres://u:secret@h/db").redacted == "postgres://u:***@h/db")
    }
}
