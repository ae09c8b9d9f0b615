import ArgumentParser
import Foundation
import Logging
import Media
import Schema
import Storage

/// Where the data lives; shared by every command that opens the database.
struct DatabaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.database.database"),
        valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp(Terminal.messages("cli.help.database.data_dir"), valueName: "path"))
    var dataDir: String = "./cadence-data"

    @Option(help: ArgumentHelp(
        Terminal.messages("cli.help.database.media"),
        valueName: "directory|database"))
    var media: String?

    @Option(help: ArgumentHelp(Terminal.messages("cli.help.database.media_quota"), valueName: "MB"))
    var mediaQuota: Int?

    var dataDirectory: URL { URL(fileURLWithPath: dataDir, isDirectory: true) }
    /// This host's scratch files (as the server's `ServerDependencies.scratchDirectory`): copies, backups being staged.
    var scratchDirectory: URL { dataDirectory.appendingPathComponent("work", isDirectory: true) }

    /// The media store the flags (or the environment, or the database's engine) choose. `cacheBytes`: memory for the
    /// chunks a database store read last (the server's; a command reads each file once and keeps none).
    func mediaStore(database: Database, cacheBytes: Int = 0) throws -> any MediaStore {
        let text = media ?? ProcessInfo.processInfo.environment["CADENCE_MEDIA"].flatMap { $0.isEmpty ? nil : $0 }
        let backend: MediaBackend
        if let text {
            guard let chosen = MediaBackend(rawValue: text) else { throw ValidationError(Terminal.messages("cli.database.media_invalid", ["value": text])) }
            backend = chosen
        } else {
            backend = MediaBackend.standard(for: database.engine)
        }
        if let mediaQuota, mediaQuota <= 0 { throw ValidationError(Terminal.messages("cli.database.quota_invalid", ["value": String(mediaQuota)])) }
        return backend.store(database: database, dataDirectory: dataDirectory, quota: mediaQuota.map { MediaQuota(bytes: Int64($0) << 20) },
                             cacheBytes: cacheBytes)
    }

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
            throw CLIError(key: "cli.database.migration_failed", ["database": location.redacted, "error": String(reflecting: error)])
        }
        return database
    }
}
