import Foundation
import SafeZip
import ZIPFoundation

/// Read-only view of an uploaded ZIP that refuses unsafe archives up front (path traversal, encryption, too many
/// entries) and enforces size limits on the bytes actually inflated (SafeZip), because the sizes declared in the
/// archive can lie. Not thread-safe: one import task owns it.
final class SafeArchive {
    private let meter: InflationMeter
    private let limits: ImportLimits
    /// Regular file entries in central-directory order.
    let files: [Entry]
    private let byLowercasedPath: [String: Entry]

    private static let damaged = DeckImportError(.corrupt, "The ZIP file is damaged or incomplete; create it again and re-import.", key: "stage.error.import.zip_damaged")

    init(url: URL, limits: ImportLimits) throws {
        self.limits = limits
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw Self.damaged
        }
        let all = Array(archive)
        if all.count > limits.maxEntries {
            throw DeckImportError(.tooLarge,
                "The archive has \(all.count) entries; at most \(limits.maxEntries) are accepted. Split it and import the parts.",
                key: "stage.error.import.too_many_entries", ["count": String(all.count), "max": String(limits.maxEntries)])
        }
        for entry in all where !ZipEntryName.isSafe(entry.path) {
            throw DeckImportError(.pathTraversal,
                "The archive entry “\(entry.path)” points outside the archive folder and was refused; create the ZIP again from a normal folder.",
                key: "stage.error.import.zip_outside", ["path": entry.path])
        }
        let records: [ZipDirectory.Record]
        do { records = try ZipDirectory.read(from: url) } catch {
            throw Self.damaged
        }
        if let encrypted = records.first(where: \.isEncrypted) {
            throw DeckImportError(.encrypted,
                "The ZIP entry “\(encrypted.name)” is protected with a password; create the ZIP again without a password and import it.",
                key: "stage.error.import.zip_encrypted", ["name": encrypted.name])
        }
        if records.count != all.count {
            throw DeckImportError(.corrupt, "The ZIP file's table of contents is inconsistent; create it again and re-import.",
                                  key: "stage.error.import.zip_inconsistent")
        }
        meter = InflationMeter(archive: archive, limits: InflationLimits(
            maxUncompressedBytes: limits.maxUncompressedBytes, maxCompressionRatio: limits.maxCompressionRatio))
        files = all.filter { $0.type == .file }
        var index: [String: Entry] = [:]
        for entry in files { index[entry.path.lowercased()] = entry }
        byLowercasedPath = index
    }

    /// OPC part names are case-insensitive, so lookups are too.
    func entry(_ path: String) -> Entry? {
        byLowercasedPath[path.lowercased()]
    }

    func data(_ entry: Entry) throws -> Data {
        var result = Data()
        try read(entry) { result.append($0) }
        return result
    }

    func extract(_ entry: Entry, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw DeckImportError(.corrupt, "Could not write into the import work folder; check disk space and permissions.",
                                  key: "stage.error.import.work_folder")
        }
        defer { try? handle.close() }
        do {
            try read(entry) { try handle.write(contentsOf: $0) }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }

    /// Streams an entry's bytes, stopping as soon as a limit is passed or the import is cancelled.
    func read(_ entry: Entry, sink: (Data) throws -> Void) throws {
        try checkCancelled()
        do {
            try meter.extract(entry) { chunk in
                try checkCancelled()
                try sink(chunk)
            }
        } catch let error as DeckImportError {
            throw error
        } catch InflationMeter.Overrun.total {
            let mib = String(limits.maxUncompressedBytes / (1 << 20))
            throw DeckImportError(.tooLarge, "The archive unpacks to more than \(mib) MiB; make the file smaller and import again.",
                                  key: "stage.error.import.archive_too_large", ["max": mib])
        } catch InflationMeter.Overrun.ratio {
            let ratio = String(Int(limits.maxCompressionRatio))
            throw DeckImportError(.tooLarge,
                "The archive entry “\(entry.path)” is compressed more than \(ratio)× (a possible ZIP bomb) and was refused.",
                key: "stage.error.import.zip_bomb", ["path": entry.path, "ratio": ratio])
        } catch {
            let detail = "\(error)"
            throw DeckImportError(.corrupt,
                "The archive entry “\(entry.path)” is damaged (\(detail)); create the file again and re-import.",
                key: "stage.error.import.archive_entry_damaged", ["path": entry.path, "detail": detail])
        }
    }
}
