import ArgumentParser
import Foundation
import Logging
import Schema
import Storage

/// Where the data lives; shared by every command that opens the database.
struct DatabaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "PostgreSQL URL (postgres://user:password@host:port/name) or SQLite file path. Default: CADENCE_DATABASE_URL, else <data-dir>/cadence.sqlite.",
        valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp("Folder for the embedded SQLite database and uploaded files.", valueName: "path"))
    var dataDir: String = "./cadence-data"

    func location() throws -> DatabaseLocation {
        let text = database ?? ProcessInfo.processInfo.environment["CADENCE_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text else { return .sqlite(path: URL(fileURLWithPath: dataDir).appendingPathComponent("cadence.sqlite").path) }
        do {
            return try DatabaseLocation(parsing: text)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Opens and migrates the database, exiting with a clear message when it cannot.
    func openMigrated(logger: Logger) async throws -> Database {
        let location = try location()
        let database: Database
        do {
            database = try await Database.open(location, logger: logger)
        } catch {
            throw CLIError("\(error)")
        }
        do {
            try await Migrator(database: database).migrate()
        } catch {
            try? await database.shutdown()
            throw CLIError("migrating \(location.redacted) failed: \(String(reflecting: error))")
        }
        return database
    }
}
