import ArgumentParser
import Schema
import Storage

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: Terminal.messages("cli.help.migrate.abstract"))

    @OptionGroup var databaseOptions: DatabaseOptions

    func run() async throws {
        let logger = CLILogger.make(level: .warning)
        let location = try databaseOptions.location()
        let database: Database
        do { database = try await Database.open(location, logger: logger) } catch { throw CLIError("\(error)") }
        let migrator = Migrator(database: database)
        let applied: [Int]
        do {
            applied = try await migrator.migrate()
        } catch {
            try? await database.shutdown()
            throw CLIError(key: "cli.database.migration_failed", ["database": location.redacted, "error": String(reflecting: error)])
        }
        try await database.shutdown()
        if applied.isEmpty {
            print(Terminal.messages("cli.migrate.up_to_date", ["database": location.redacted, "version": String(migrator.latestVersion)]))
        } else {
            print(Terminal.messages("cli.migrate.applied", ["versions": applied.map(String.init).joined(separator: ", "), "database": location.redacted]))
        }
    }
}
