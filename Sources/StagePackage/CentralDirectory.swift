import Foundation

/// Reads the ZIP central directory ourselves (as DeckImport's SafeArchive does) for what
/// ZIPFoundation hides: whether the end of the file is there at all (to tell a partial download
/// from a file that is not a ZIP), the record count, and the general-purpose flags (ZIPFoundation's
/// iterator silently stops at a ZIP-encrypted entry).
enum CentralDirectory {
    struct Record: Sendable {
        var flags: UInt16
        var name: String
    }

    static func read(from url: URL) throws -> [Record] {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw PackageError.io("cannot open \(url.lastPathComponent)")
        }
        defer { try? handle.close() }
        do {
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            let head = Array(try handle.read(upToCount: 4) ?? Data())
            guard head.count == 4, head[0] == 0x50, head[1] == 0x4B else { throw PackageError.notAZip }
            // A ZIP that starts like one but whose end is unusable was cut short.
            let cut = PackageError.truncated
            let tailLength = min(size, 22 + 65_535 + 20)
            try handle.seek(toOffset: size - tailLength)
            let tail = Array(try handle.readToEnd() ?? Data())
            guard tail.count >= 22, let eocd = stride(from: tail.count - 22, through: 0, by: -1).first(where: {
                tail[$0] == 0x50 && tail[$0 + 1] == 0x4B && tail[$0 + 2] == 0x05 && tail[$0 + 3] == 0x06
            }) else { throw cut }
            var count = UInt64(le16(tail, eocd + 10))
            var cdSize = UInt64(le32(tail, eocd + 12))
            var cdOffset = UInt64(le32(tail, eocd + 16))
            if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
                let locator = eocd - 20
                guard locator >= 0, le32(tail, locator) == 0x0706_4B50 else { throw cut }
                let zip64Offset = le64(tail, locator + 8)
                guard zip64Offset < size else { throw cut }
                try handle.seek(toOffset: zip64Offset)
                let record = Array(try handle.read(upToCount: 56) ?? Data())
                guard record.count == 56, le32(record, 0) == 0x0606_4B50 else { throw cut }
                count = le64(record, 32)
                cdSize = le64(record, 40)
                cdOffset = le64(record, 48)
            }
            guard cdOffset <= size, cdSize <= size - cdOffset else { throw cut }
            guard cdSize <= 512 << 20 else { throw PackageError.damaged("its table of contents is too large") }
            try handle.seek(toOffset: cdOffset)
            let cd = Array(try handle.read(upToCount: Int(cdSize)) ?? Data())
            var records: [Record] = []
            var position = 0
            while position + 46 <= cd.count, le32(cd, position) == 0x0201_4B50 {
                let nameLength = Int(le16(cd, position + 28))
                let name = String(decoding: cd[(position + 46)..<min(cd.count, position + 46 + nameLength)], as: UTF8.self)
                records.append(Record(flags: le16(cd, position + 8), name: name))
                position += 46 + nameLength + Int(le16(cd, position + 30)) + Int(le16(cd, position + 32))
            }
            guard UInt64(records.count) == count else {
                throw PackageError.damaged("its table of contents is inconsistent")
            }
            return records
        } catch let error as PackageError {
            throw error
        } catch {
            throw PackageError.io("cannot read \(url.lastPathComponent)")
        }
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(le16(b, i)) | UInt32(le16(b, i + 2)) << 16 }
    private static func le64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32 }
}
