import Foundation
import CadenceCore
import SQLKit

/// Brings a database up to the newest schema. Safe to run from several server
/// instances at once: the whole run is one transaction under a lock.
public struct Migrator: Sendable {
    let database: Database
    let migrations: [Migration]

    /// - Parameter migrations: every feature's migrations (`CadenceSchema`), applied in version order.
    public init(database: Database, migrations: [Migration]) {
        precondition(Set(migrations.map(\.version)).count == migrations.count, "two migrations share a version")
        self.database = database
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    /// Applies what is missing and returns the versions it applied, oldest first.
    @discardableResult
    public func migrate() async throws -> [Int] {
        let engine = database.engine
        let migrations = self.migrations
        return try await database.transaction { sql in
            if engine == .postgres {
                // A fixed key: every instance of Cadence serialises its migrations on it.
                try await sql.raw("SELECT pg_advisory_xact_lock(7335001)").run()
            }
            try await sql.create(table: "schema_migrations").ifNotExists()
                .column("version", type: .bigint, .primaryKey(autoIncrement: false))
                .column("name", type: .text, .notNull)
                .column("applied_at", type: .bigint, .notNull)
                .run()
            let applied = Set(try await sql.select().column("version").from("schema_migrations")
                .all().map { try $0.decode(column: "version", as: Int.self) })
            var done: [Int] = []
            for migration in migrations where !applied.contains(migration.version) {
                try await migration.apply(sql)
                try await sql.insert(into: "schema_migrations")
                    .columns("version", "name", "applied_at")
                    .values(SQLBind(migration.version), SQLBind(migration.name), SQLBind(Date().millisecondsSince1970))
                    .run()
                done.append(migration.version)
            }
            return done
        }
    }

    /// The newest version this build knows.
    public var latestVersion: Int { migrations.map(\.version).max() ?? 0 }
}
