import Foundation
import ZIPFoundation

/// Read-only view of an uploaded ZIP that refuses unsafe archives up front (path traversal,
/// encryption, too many entries) and enforces size limits on the bytes actually inflated,
/// because the sizes declared in the archive can lie.
/// Not thread-safe: one import task owns it.
final class SafeArchive {
    private let archive: Archive
    private let limits: ImportLimits
    /// Regular file entries in central-directory order.
    let files: [Entry]
    private let byLowercasedPath: [String: Entry]
    /// Bytes inflated so far across all entries of this archive.
    private(set) var inflatedTotal: Int64 = 0

    private static let ratioFloor: Int64 = 1 << 20

    init(url: URL, limits: ImportLimits) throws {
        self.limits = limits
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw DeckImportError(.corrupt, "The ZIP file is damaged or incomplete; create it again and re-import.")
        }
        let all = Array(archive)
        if all.count > limits.maxEntries {
            throw DeckImportError(.tooLarge,
                "The archive has \(all.count) entries; at most \(limits.maxEntries) are accepted. Split it and import the parts.")
        }
        for entry in all {
            try Self.validate(path: entry.path)
        }
        // ZIPFoundation does not expose the general-purpose flags (and its iterator silently stops at an
        // encrypted entry), so read the flags from the central directory ourselves.
        let records = try CentralDirectoryFlags.read(from: url)
        if let encrypted = records.first(where: { $0.flags & 1 != 0 }) {
            throw DeckImportError(.encrypted,
                "The ZIP entry “\(encrypted.name)” is protected with a password; create the ZIP again without a password and import it.")
        }
        if records.count != all.count {
            throw DeckImportError(.corrupt, "The ZIP file's table of contents is inconsistent; create it again and re-import.")
        }
        files = all.filter { $0.type == .file }
        var index: [String: Entry] = [:]
        for entry in files { index[entry.path.lowercased()] = entry }
        byLowercasedPath = index
    }

    /// Refuses names that could escape a folder if anyone ever extracted by entry path.
    static func validate(path: String) throws {
        let refused = DeckImportError(.pathTraversal,
            "The archive entry “\(path)” points outside the archive folder and was refused; create the ZIP again from a normal folder.")
        if path.contains("\\") || path.hasPrefix("/") || path.contains("\0") { throw refused }
        let scalars = Array(path.unicodeScalars)
        if scalars.count >= 2, scalars[1] == ":", CharacterSet.letters.contains(scalars[0]) { throw refused }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains("..") { throw refused }
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
            throw DeckImportError(.corrupt, "Could not write into the import work folder; check disk space and permissions.")
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

    /// Streams an entry's bytes, counting what is really inflated and stopping as soon as a limit is passed.
    func read(_ entry: Entry, sink: (Data) throws -> Void) throws {
        try checkCancelled()
        let compressed = Int64(clamping: entry.compressedSize)
        let declared = Int64(clamping: entry.uncompressedSize)
        let remaining = limits.maxUncompressedBytes - inflatedTotal
        if declared > remaining { throw tooLargeTotal() }
        if declared > Self.ratioFloor, Double(declared) / Double(max(compressed, 1)) > limits.maxCompressionRatio {
            throw tooLargeRatio(entry)
        }
        var produced: Int64 = 0
        do {
            _ = try archive.extract(entry, bufferSize: 64 * 1024, skipCRC32: false) { chunk in
                produced += Int64(chunk.count)
                inflatedTotal += Int64(chunk.count)
                if inflatedTotal > limits.maxUncompressedBytes { throw tooLargeTotal() }
                if produced > Self.ratioFloor,
                   Double(produced) / Double(max(compressed, 1)) > limits.maxCompressionRatio {
                    throw tooLargeRatio(entry)
                }
                try checkCancelled()
                try sink(chunk)
            }
        } catch let error as DeckImportError {
            throw error
        } catch {
            throw DeckImportError(.corrupt,
                "The archive entry “\(entry.path)” is damaged (\(error)); create the file again and re-import.")
        }
    }

    private func tooLargeTotal() -> DeckImportError {
        let mib = limits.maxUncompressedBytes / (1 << 20)
        return DeckImportError(.tooLarge, "The archive unpacks to more than \(mib) MiB; make the file smaller and import again.")
    }

    private func tooLargeRatio(_ entry: Entry) -> DeckImportError {
        DeckImportError(.tooLarge,
            "The archive entry “\(entry.path)” is compressed more than \(Int(limits.maxCompressionRatio))× (a possible ZIP bomb) and was refused.")
    }
}

/// Reads the general-purpose bit flags of every central-directory record, in order.
enum CentralDirectoryFlags {
    struct Record: Sendable {
        var flags: UInt16
        var name: String
    }

    static func read(from url: URL) throws -> [Record] {
        let corrupt = DeckImportError(.corrupt, "The ZIP file is damaged or incomplete; create it again and re-import.")
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        let tailLength = min(size, 22 + 65_535 + 20)
        try handle.seek(toOffset: size - tailLength)
        let tail = Array(try handle.readToEnd() ?? Data())
        // The end-of-central-directory record is the last "PK\5\6" (it may be followed by a comment).
        guard tail.count >= 22, let eocd = stride(from: tail.count - 22, through: 0, by: -1).first(where: {
            tail[$0] == 0x50 && tail[$0 + 1] == 0x4B && tail[$0 + 2] == 0x05 && tail[$0 + 3] == 0x06
        }) else { throw corrupt }
        var count = UInt64(le16(tail, eocd + 10))
        var cdSize = UInt64(le32(tail, eocd + 12))
        var cdOffset = UInt64(le32(tail, eocd + 16))
        if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
            // ZIP64: the locator sits just before the classic record and points at the ZIP64 record.
            let locator = eocd - 20
            guard locator >= 0, le32(tail, locator) == 0x0706_4B50 else { throw corrupt }
            let zip64Offset = le64(tail, locator + 8)
            guard zip64Offset < size else { throw corrupt }
            try handle.seek(toOffset: zip64Offset)
            let record = Array(try handle.read(upToCount: 56) ?? Data())
            guard record.count == 56, le32(record, 0) == 0x0606_4B50 else { throw corrupt }
            count = le64(record, 32)
            cdSize = le64(record, 40)
            cdOffset = le64(record, 48)
        }
        guard cdOffset <= size, cdSize <= size - cdOffset, cdSize <= 512 << 20 else { throw corrupt }
        try handle.seek(toOffset: cdOffset)
        let cd = Array(try handle.read(upToCount: Int(cdSize)) ?? Data())
        var flags: [Record] = []
        var position = 0
        while position + 46 <= cd.count, le32(cd, position) == 0x0201_4B50 {
            let nameLength = Int(le16(cd, position + 28))
            let name = String(decoding: cd[(position + 46)..<min(cd.count, position + 46 + nameLength)], as: UTF8.self)
            flags.append(Record(flags: le16(cd, position + 8), name: name))
            let variable = nameLength + Int(le16(cd, position + 30)) + Int(le16(cd, position + 32))
            position += 46 + variable
        }
        if UInt64(flags.count) != count { throw corrupt }
        return flags
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(le16(b, i)) | UInt32(le16(b, i + 2)) << 16 }
    private static func le64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32 }
}
