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
        guard !FileManager.default.fileExists(atPath: target.path) else { throw CLIError("\(file) exists already; name a new file") }
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
            throw CLIError("the backup failed: \(error)")
        }
        try await database.shutdown()
        let mediaFiles = manifest.files.filter { $0.path.hasPrefix("media/") }.count
        print("Backed up to \(file): the \(manifest.engine) database and \(mediaFiles) media files (\(manifest.totalBytes >> 20) MB; media in the \(manifest.media)).")
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
        print("Restored \(manifest.files.count) files from the backup of \(manifest.createdAt.formatted(.iso8601)) into \(dataDir).")
    }
}
