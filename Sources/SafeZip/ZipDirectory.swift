import Foundation

/// Reads a ZIP's central directory directly, for what ZIPFoundation hides: whether the end of the file is there
/// at all (to tell a partial download from a file that is not a ZIP), the record count (to notice a table of
/// contents that disagrees with itself), and the general-purpose flags (ZIPFoundation's iterator silently stops
/// at a ZIP-encrypted entry).
public enum ZipDirectory {
    public struct Record: Sendable, Equatable {
        public var flags: UInt16
        public var name: String
        /// 0 stored, 8 deflated.
        public var method: UInt16 = 0
        public var compressedSize: UInt64 = 0
        public var uncompressedSize: UInt64 = 0
        /// Where the entry's local header starts.
        public var localHeaderOffset: UInt64 = 0
        /// Traditional PKWARE or strong encryption (general-purpose bit 0).
        public var isEncrypted: Bool { flags & 1 != 0 }
    }

    public enum Failure: Error, Equatable {
        case unreadable
        /// The file does not start as a ZIP does.
        case notAZip
        /// It starts as a ZIP but its end is missing or unusable: cut short.
        case truncated
        /// The table of contents is larger than `maximumDirectoryBytes`.
        case directoryTooLarge
        /// The table of contents lists a different number of entries than it says.
        case inconsistent
    }

    public static let maximumDirectoryBytes: UInt64 = 512 << 20

    public static func read(from url: URL) throws(Failure) -> [Record] {
        guard let handle = try? FileHandle(forReadingFrom: url) else { throw .unreadable }
        defer { try? handle.close() }
        do {
            return try records(in: handle)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreadable
        }
    }

    private static func records(in handle: FileHandle) throws -> [Record] {
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        let head = Array(try handle.read(upToCount: 4) ?? Data())
        guard head.count == 4, head[0] == 0x50, head[1] == 0x4B else { throw Failure.notAZip }
        let tailLength = min(size, 22 + 65_535 + 20)
        try handle.seek(toOffset: size - tailLength)
        let tail = Array(try handle.readToEnd() ?? Data())
        // The end-of-central-directory record is the last "PK\5\6" (a comment may follow it).
        guard tail.count >= 22, let eocd = stride(from: tail.count - 22, through: 0, by: -1).first(where: {
            tail[$0] == 0x50 && tail[$0 + 1] == 0x4B && tail[$0 + 2] == 0x05 && tail[$0 + 3] == 0x06
        }) else { throw Failure.truncated }
        var count = UInt64(le16(tail, eocd + 10))
        var directorySize = UInt64(le32(tail, eocd + 12))
        var directoryOffset = UInt64(le32(tail, eocd + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: the locator sits just before the classic record and points at the ZIP64 record.
            let locator = eocd - 20
            guard locator >= 0, le32(tail, locator) == 0x0706_4B50 else { throw Failure.truncated }
            let zip64Offset = le64(tail, locator + 8)
            guard zip64Offset < size else { throw Failure.truncated }
            try handle.seek(toOffset: zip64Offset)
            let record = Array(try handle.read(upToCount: 56) ?? Data())
            guard record.count == 56, le32(record, 0) == 0x0606_4B50 else { throw Failure.truncated }
            count = le64(record, 32)
            directorySize = le64(record, 40)
            directoryOffset = le64(record, 48)
        }
        guard directoryOffset <= size, directorySize <= size - directoryOffset else { throw Failure.truncated }
        guard directorySize <= maximumDirectoryBytes else { throw Failure.directoryTooLarge }
        try handle.seek(toOffset: directoryOffset)
        let directory = Array(try handle.read(upToCount: Int(directorySize)) ?? Data())
        var records: [Record] = []
        var position = 0
        while position + 46 <= directory.count, le32(directory, position) == 0x0201_4B50 {
            let nameLength = Int(le16(directory, position + 28))
            let extraLength = Int(le16(directory, position + 30))
            let name = String(decoding: directory[(position + 46)..<min(directory.count, position + 46 + nameLength)], as: UTF8.self)
            var record = Record(flags: le16(directory, position + 8), name: name, method: le16(directory, position + 10),
                                compressedSize: UInt64(le32(directory, position + 20)), uncompressedSize: UInt64(le32(directory, position + 24)),
                                localHeaderOffset: UInt64(le32(directory, position + 42)))
            let extraStart = position + 46 + nameLength
            readZip64Sizes(into: &record, extra: Array(directory[min(directory.count, extraStart)..<min(directory.count, extraStart + extraLength)]))
            records.append(record)
            position += 46 + nameLength + extraLength + Int(le16(directory, position + 32))
        }
        guard UInt64(records.count) == count else { throw Failure.inconsistent }
        return records
    }

    /// APPNOTE 4.5.3: the ZIP64 extra field holds, in this order, each of the sizes and the offset that the record
    /// itself marks as 0xFFFFFFFF.
    private static func readZip64Sizes(into record: inout Record, extra: [UInt8]) {
        var at = 0
        while at + 4 <= extra.count {
            let id = le16(extra, at), length = Int(le16(extra, at + 2))
            guard id == 0x0001 else { at += 4 + length; continue }
            var field = at + 4
            let end = min(extra.count, field + length)
            for keyPath in [\Record.uncompressedSize, \Record.compressedSize, \Record.localHeaderOffset]
            where record[keyPath: keyPath] == 0xFFFF_FFFF && field + 8 <= end {
                record[keyPath: keyPath] = le64(extra, field)
                field += 8
            }
            return
        }
    }

    /// Little-endian integers at a byte offset, as ZIP stores them (EntryDataCheck reads local headers with them too).
    static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(le16(b, i)) | UInt32(le16(b, i + 2)) << 16 }
    private static func le64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32 }
}
