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
        commandName: "backup", abstract: Terminal.messages("cli.help.backup.abstract"),
        discussion: Terminal.messages("cli.help.backup.discussion"))

    @Argument(help: ArgumentHelp(Terminal.messages("cli.help.backup.file"), valueName: "file")) var file: String
    @OptionGroup var databaseOptions: DatabaseOptions
    @Flag(help: ArgumentHelp(Terminal.messages("cli.help.backup.fast"))) var fast = false

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
                                      scratch: databaseOptions.scratchDirectory, dataDirectory: databaseOptions.dataDirectory,
                                      pace: fast ? .fullSpeed : .gentle)
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
        commandName: "restore", abstract: Terminal.messages("cli.help.restore.abstract"),
        discussion: Terminal.messages("cli.help.restore.discussion"))

    @Argument(help: ArgumentHelp(Terminal.messages("cli.help.restore.file"), valueName: "file")) var file: String
    @Option(help: ArgumentHelp(Terminal.messages("cli.help.restore.data_dir"), valueName: "path")) var dataDir: String
    @Option(help: ArgumentHelp(Terminal.messages("cli.help.restore.database"), valueName: "url")) var database: String?

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
