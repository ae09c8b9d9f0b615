import ArgumentParser
import Foundation
import StageService
import StageStorage
import Storage

/// `cadence catalogue`: the Stage packages this server offers for download (S8).
struct CatalogueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogue", abstract: Terminal.messages("cli.help.catalogue.abstract"),
        discussion: Terminal.messages("cli.help.catalogue.discussion"),
        subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Terminal.messages("cli.help.catalogue.add.abstract"),
            discussion: Terminal.messages("cli.help.catalogue.add.discussion"))

        @Argument(help: ArgumentHelp(Terminal.messages("cli.help.catalogue.add.file"), valueName: "file")) var file: String
        @Option(name: .customLong("activation-code"), help: ArgumentHelp(Terminal.messages("cli.help.catalogue.add.activation_code"), valueName: "code"))
        var activationCodes: [String] = []
        @Flag(help: ArgumentHelp(Terminal.messages("cli.help.catalogue.add.free"))) var free = false
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            let database = try await databaseOptions.openMigrated(logger: CLILogger.make(level: .warning))
            let catalogue = StageCatalogue(dataDirectory: databaseOptions.dataDirectory,
                                           store: SQLStageCatalogueStore(database: database), logger: CLILogger.make(level: .warning),
                                           media: try databaseOptions.mediaStore(database: database))
            do {
                let record = try await catalogue.add(file: URL(fileURLWithPath: file), free: free, codes: activationCodes)
                try await database.shutdown()
                let size = ByteCountFormatter.string(fromByteCount: record.bytes, countStyle: .file)
let added = ["title": "\(record.title)", "id": "\(record.id)", "size": size, "file": "\(record.fileName)"]
                print(record.free ? Terminal.messages("cli.catalogue.added_free", added)
                    : activationCodes.isEmpty ? Terminal.messages("cli.catalogue.added_locked", added)
                    : Terminal.messages.plural("cli.catalogue.added_codes", count: activationCodes.count, added))
            } catch let error as CatalogueError {
                try? await database.shutdown()
                throw CLIError(error.description)
            } catch {
                try? await database.shutdown()
                throw CLIError(key: "cli.catalogue.add_failed", ["file": file, "error": "\(error)"])
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: Terminal.messages("cli.help.catalogue.list.abstract"))
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            let database = try await databaseOptions.openMigrated(logger: CLILogger.make(level: .warning))
            let catalogue = StageCatalogue(dataDirectory: databaseOptions.dataDirectory,
                                           store: SQLStageCatalogueStore(database: database), logger: CLILogger.make(level: .warning),
                                           media: try databaseOptions.mediaStore(database: database))
            let records = try await catalogue.entries()
            let codes = try await catalogue.codeCounts()
            try await database.shutdown()
            if records.isEmpty { print(Terminal.messages("cli.catalogue.empty")); return }
            for record in records {
                let size = ByteCountFormatter.string(fromByteCount: record.bytes, countStyle: .file)
                let count = codes[record.fileName] ?? (0, 0)
                let access = record.free ? Terminal.messages("cli.catalogue.list.free")
                    : count.codes == 0 ? Terminal.messages("cli.catalogue.list.locked")
                    : Terminal.messages("cli.catalogue.list.codes", ["codes": String(count.codes), "used": String(count.redeemed)])
                let password = record.passwordProtected ? "\t" + Terminal.messages("cli.catalogue.list.password") : ""
                print("\(record.id)\t\(record.title)\t\(size)\t\(access)\t\(record.fileName)\(password)")
            }
        }
    }
}
