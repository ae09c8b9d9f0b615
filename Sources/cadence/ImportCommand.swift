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
        commandName: "import", abstract: "Import files into Cadence.", subcommands: [Music.self])

    struct Music: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add every audio file under a folder (WAV, FLAC, OGG, MP3, M4A) to an account's Tempo library and analyse it.",
            discussion: "Formats other than WAV need ffmpeg (Debian package ffmpeg).")

        @Argument(help: "The folder to import (searched recursively).") var directory: String
        @Option(help: "The account's e-mail address.") var email: String
        @OptionGroup var databaseOptions: DatabaseOptions

        func run() async throws {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
                throw CLIError("\(directory) is not a folder")
            }
            let files = audioFiles(in: URL(fileURLWithPath: directory))
            guard !files.isEmpty else { throw CLIError("no WAV, FLAC, OGG, MP3 or M4A files under \(directory)") }
            let logger = CLILogger.make(level: .warning)
            let database = try await databaseOptions.openMigrated(logger: logger)
            do {
                let address = (try? AccountRules.normalizedEmail(email)) ?? email
                guard let account = try await SQLAccountRepository(database: database).credentials(email: address)?.account else {
                    throw CLIError("there is no account with the address \(email)")
                }
                let library = TempoLibrary(store: SQLTempoStore(database: database), media: try databaseOptions.mediaStore(database: database),
                                           scratch: databaseOptions.scratchDirectory,
                                           clock: SystemClock(), logger: logger)
                var imported = 0, failed = 0
                for (index, file) in files.enumerated() {
                    let label = "[\(index + 1)/\(files.count)] \(file.lastPathComponent)"
                    do {
                        let size = (try file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
                        guard size <= TempoLibrary.maximumFileBytes else { throw CadenceCore.ValidationError(field: "file", "larger than 200 MB") }
                        let song = try await library.add(fileAt: file, filename: file.lastPathComponent, keepingOriginal: true,
                                                         accountID: account.id)
                        try await library.analyse(song.id, accountID: account.id)
                        let analysed = try await library.store.song(id: song.id, accountID: account.id)
                        if let bpm = analysed?.bpm {
                            print("\(label): \(String(format: "%.1f", bpm)) BPM (confidence \(String(format: "%.2f", analysed?.confidence ?? 0)))")
                        } else {
                            print("\(label): added; \(analysed?.message ?? "no tempo found")")
                        }
                        imported += 1
                    } catch let error as CadenceCore.ValidationError {
                        print("\(label): skipped: \(error.message)")
                        failed += 1
                    }
                }
                try await database.shutdown()
                print("Imported \(imported) of \(files.count) files\(failed > 0 ? " (\(failed) skipped)" : "").")
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
