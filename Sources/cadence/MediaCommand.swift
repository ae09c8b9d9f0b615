import ArgumentParser
import Foundation
import Media
import Storage

struct MediaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media", abstract: Terminal.messages("cli.help.media.abstract"),
        subcommands: [Status.self, Migrate.self])

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: Terminal.messages("cli.help.media.status.abstract"))

        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            let database = try await databaseOptions.openMigrated(logger: CLILogger.make(level: .warning))
            do {
                let serving = try databaseOptions.mediaStore(database: database)
                print(Terminal.messages("cli.media.serving", ["store": serving.label]))
                for backend in MediaBackend.allCases {
                    let store = backend.store(database: database, dataDirectory: databaseOptions.dataDirectory)
                    let count = try await store.keys(ownerID: nil).count
                    print(Terminal.messages("cli.media.count", ["store": store.label, "count": String(count)]))
                }
            } catch {
                try? await database.shutdown()
                throw error
            }
            try await database.shutdown()
        }
    }

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Terminal.messages("cli.help.media.migrate.abstract"),
            discussion: Terminal.messages("cli.help.media.migrate.discussion"))

        @Option(help: ArgumentHelp(Terminal.messages("cli.help.media.migrate.to"), valueName: "database|directory"))
        var to: String

        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            let chosen = to == "postgres" ? "database" : to
            guard let target = MediaBackend(rawValue: chosen) else {
                throw ValidationError(Terminal.messages("cli.media.to_invalid", ["value": to]))
            }
            let source: MediaBackend = target == .database ? .directory : .database
            let database = try await databaseOptions.openMigrated(logger: CLILogger.make(level: .warning))
            let copier = MediaCopier(from: source.store(database: database, dataDirectory: databaseOptions.dataDirectory),
                                     to: target.store(database: database, dataDirectory: databaseOptions.dataDirectory),
                                     scratch: databaseOptions.scratchDirectory)
            print(Terminal.messages("cli.media.copying", ["source": copier.source.label, "target": copier.target.label]))
            let report: MediaCopier.Report
            do {
                report = try await copier.run { done, total, step in
                    if case .failed(let key, let why) = step { print(Terminal.messages("cli.media.not_copied", ["done": String(done), "total": String(total), "key": "\(key)", "reason": "\(why)"])) }
                    else if done % 100 == 0 || done == total { print("[\(done)/\(total)]") }
                }
            } catch {
                try? await database.shutdown()
                throw CLIError("\(error)")
            }
            try await database.shutdown()
            print(Terminal.messages("cli.media.copied", [
                "copied": String(report.copied), "megabytes": String(report.bytesCopied >> 20),
                "already": String(report.alreadyThere), "failed": String(report.failed.count),
            ]))
            if !report.failed.isEmpty { throw CLIError(key: "cli.media.some_failed", ["count": String(report.failed.count)]) }
        }
    }
}
