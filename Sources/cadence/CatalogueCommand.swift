import ArgumentParser
import Foundation
import StageService
import StageStorage
import Storage

/// `cadence catalogue`: the Stage packages this server offers for download (S8).
struct CatalogueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogue", abstract: "Offer Stage series (.cadence packages) for download.",
        discussion: "Packages live in <data-dir>/catalogue. Each is free, or needs one of its activation codes.",
        subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a .cadence package whole and add it to the catalogue.",
            discussion: """
                The package is verified against its own manifest (without its password) and copied into
                <data-dir>/catalogue. Give --free to let every account download it, or one or more
                --activation-code values (at least 8 letters or digits; stored hashed): a code unlocks
                every package it was added with, for the first account that enters it. Without either,
                the package is listed but locked. Running it again for the same file adds codes.
                """)

        @Argument(help: ArgumentHelp("The .cadence package.", valueName: "file")) var file: String
        @Option(name: .customLong("activation-code"), help: ArgumentHelp("A code that unlocks this package (repeatable).", valueName: "code"))
        var activationCodes: [String] = []
        @Flag(help: "Let every account download it without a code.") var free = false
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
        static let configuration = CommandConfiguration(abstract: "List the packages on offer.")
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
