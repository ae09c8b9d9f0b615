import ArgumentParser
import Backup
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Media
import Storage

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Write a consistent snapshot of the installation (database and media) into one archive.",
        discussion: """
            Safe while the server runs: SQLite is copied with VACUUM INTO, PostgreSQL with pg_dump; media kept in the \
            data directory go alongside, media kept in the database inside it. The archive carries a manifest with \
            every file's SHA-256; cadence restore checks it before restoring anything.
            """)

    @Argument(help: ArgumentHelp("The archive to write (a ZIP).", valueName: "file")) var file: String
    @OptionGroup var databaseOptions: DatabaseOptions

    func run() async throws {
        let target = URL(fileURLWithPath: file)
        guard !FileManager.default.fileExists(atPath: target.path) else { throw CLIError(key: "cli.backup.exists", ["file": file]) }
        // A backup is background work: the server's requests come first for the CPU (pg_dump inherits this too).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        let database = try await databaseOptions.openMigrated(logger: CLILogger.make(level: .warning))
        let manifest: BackupManifest
        do {
            let writer = BackupWriter(database: database, location: try databaseOptions.location(),
                                      media: try databaseOptions.mediaStore(database: database),
                                      scratch: databaseOptions.scratchDirectory)
            manifest = try await writer.write(to: target)
        } catch {
            try? await database.shutdown()
            throw CLIError(key: "cli.backup.failed", ["error": "\(error)"])
        }
        try await database.shutdown()
        let mediaFiles = manifest.files.filter { $0.path.hasPrefix("media/") }.count
        print(Terminal.messages(manifest.media == "database" ? "cli.backup.done.database" : "cli.backup.done.directory", [
            "file": file, "engine": manifest.engine, "count": String(mediaFiles), "megabytes": String(manifest.totalBytes >> 20),
        ]))
    }
}

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Rebuild an installation from a cadence backup archive.",
        discussion: """
            Every file is checked against the archive's manifest first; a damaged or partial archive restores nothing. \
            --data-dir must be a new, empty folder. A PostgreSQL backup also needs --database naming an empty database.
            """)

    @Argument(help: ArgumentHelp("The archive cadence backup wrote.", valueName: "file")) var file: String
    @Option(help: ArgumentHelp("The new installation's folder (empty or not yet there).", valueName: "path")) var dataDir: String
    @Option(help: ArgumentHelp("For a PostgreSQL backup: the empty database to restore into.", valueName: "url")) var database: String?

    func run() async throws {
        let manifest: BackupManifest
        do {
            manifest = try await BackupRestorer.restore(URL(fileURLWithPath: file), into: URL(fileURLWithPath: dataDir, isDirectory: true),
                                                        postgresURL: database)
        } catch let error as BackupError {
            throw CLIError(error.description)
        }
        print(Terminal.messages("cli.restore.done", [
            "count": String(manifest.files.count), "date": manifest.createdAt.formatted(.iso8601), "directory": dataDir,
        ]))
    }
}
