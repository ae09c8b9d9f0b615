import ArgumentParser
import AudioAnalysis
import CadenceCore
import Foundation
import PlatformStorage
import Storage
import TempoService
import TempoStorage

/// `cadence import music DIR`: adds a folder of audio files to an account's library and
/// analyses each song's tempo, printing progress.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: Terminal.messages("cli.help.import.abstract"), subcommands: [Music.self])

    struct Music: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Terminal.messages("cli.help.import.music.abstract"),
            discussion: Terminal.messages("cli.help.import.music.discussion"))

        @Argument(help: ArgumentHelp(Terminal.messages("cli.help.import.music.directory"))) var directory: String
        @Option(help: ArgumentHelp(Terminal.messages("cli.help.import.music.email"))) var email: String
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
                throw CLIError(key: "cli.import.not_a_folder", ["directory": directory])
            }
            let files = audioFiles(in: URL(fileURLWithPath: directory))
            guard !files.isEmpty else { throw CLIError(key: "cli.import.no_files", ["directory": directory]) }
            let logger = CLILogger.make(level: .warning)
            let database = try await databaseOptions.openMigrated(logger: logger)
            do {
                let address = (try? AccountRules.normalizedEmail(email)) ?? email
                guard let account = try await SQLAccountRepository(database: database).credentials(email: address)?.account else {
                    throw CLIError(key: "cli.import.no_account", ["email": email])
                }
                let library = TempoLibrary(store: SQLTempoStore(database: database), media: try databaseOptions.mediaStore(database: database),
                                           scratch: databaseOptions.scratchDirectory,
                                           clock: SystemClock(), logger: logger)
                var imported = 0, failed = 0
                for (index, file) in files.enumerated() {
                    let label = "[\(index + 1)/\(files.count)] \(file.lastPathComponent)"
                    do {
                        let size = (try file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
                        guard size <= TempoLibrary.maximumFileBytes else { throw CadenceCore.ValidationError(field: "file", "larger than 200 MB", key: "cli.import.too_large", ["max": "200"]) }
                        let song = try await library.add(fileAt: file, filename: file.lastPathComponent, keepingOriginal: true,
                                                         accountID: account.id)
                        try await library.analyse(song.id, accountID: account.id)
                        let analysed = try await library.store.song(id: song.id, accountID: account.id)
                        if let bpm = analysed?.bpm {
                            print(Terminal.messages("cli.import.song_tempo", [
                                "label": label, "bpm": String(format: "%.1f", bpm),
                                "confidence": String(format: "%.2f", analysed?.confidence ?? 0)]))
                        } else {
                            print(Terminal.messages("cli.import.song_added", ["label": label, "message": analysed?.message ?? Terminal.messages("cli.import.no_tempo")]))
                        }
                        imported += 1
                    } catch let error as CadenceCore.ValidationError {
                        print(Terminal.messages("cli.import.song_skipped", ["label": label, "reason": Terminal.message(error)]))
                        failed += 1
                    }
                }
                try await database.shutdown()
                let counts = ["imported": String(imported), "total": String(files.count), "skipped": String(failed)]
                print(Terminal.messages(failed > 0 ? "cli.import.done_skipped" : "cli.import.done", counts))
            } catch {
                try? await database.shutdown()
                throw error
            }
        }

        private func audioFiles(in folder: URL) -> [URL] {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            var files: [URL] = []
            while let url = walker?.nextObject() as? URL {
                if TempoLibrary.audioTypes[url.pathExtension.lowercased()] != nil { files.append(url) }
            }
            return files.sorted { $0.path.localizedStandardCompare($1.path) == .orderedAscending }
        }
    }
}
