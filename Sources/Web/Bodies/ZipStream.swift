import CadenceCore
import Foundation
import NIOCore

/// Writes a ZIP archive front to back, for streaming: each entry's header goes out before its bytes are known, its
/// CRC-32 and size follow in a data descriptor, and the central directory closes the archive. Entries are stored
/// (the media in an export is compressed already). ZIP64 records are added only when offsets or counts need them.
/// Pure bookkeeping: the caller sends the buffers it returns.
public struct ZipStream {
    struct Record {
        let name: [UInt8]
        let offset: UInt64
        let crc: UInt32
        let size: UInt64
        let time: UInt16
        let date: UInt16
    }

    private var records: [Record] = []
    private var offset: UInt64 = 0
    private var current: (name: [UInt8], offset: UInt64, time: UInt16, date: UInt16)?
    private let modified: (time: UInt16, date: UInt16)

    public init(modified: Date = Date()) {
        self.modified = Self.dosTime(modified)
    }

    /// The local header of the next entry (general purpose flags: sizes in a descriptor, UTF-8 name).
    public mutating func begin(_ name: String) -> ByteBuffer {
        precondition(current == nil, "end the previous entry first")
        let bytes = Array(name.utf8)
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32(0x0403_4b50), endianness: .little)
        buffer.writeInteger(UInt16(45), endianness: .little)  // version needed: ZIP64-capable readers
        buffer.writeInteger(UInt16(0x0808), endianness: .little)
        buffer.writeInteger(UInt16(0), endianness: .little)  // stored
        buffer.writeInteger(modified.time, endianness: .little)
        buffer.writeInteger(modified.date, endianness: .little)
        buffer.writeInteger(UInt32(0), endianness: .little)  // CRC, sizes: in the descriptor
        buffer.writeInteger(UInt32(0), endianness: .little)
        buffer.writeInteger(UInt32(0), endianness: .little)
        buffer.writeInteger(UInt16(bytes.count), endianness: .little)
        buffer.writeInteger(UInt16(0), endianness: .little)
        buffer.writeBytes(bytes)
        current = (bytes, offset, modified.time, modified.date)
        offset += UInt64(buffer.readableBytes)
        return buffer
    }

    /// The data descriptor after an entry's `size` bytes whose CRC-32 is `crc`.
    public mutating func end(crc: UInt32, size: UInt64) -> ByteBuffer {
        guard let entry = current else { preconditionFailure("no entry begun") }
        current = nil
        offset += size
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32(0x0807_4b50), endianness: .little)
        buffer.writeInteger(crc, endianness: .little)
        if size >= 0xFFFF_FFFF {
            buffer.writeInteger(size, endianness: .little)
            buffer.writeInteger(size, endianness: .little)
        } else {
            buffer.writeInteger(UInt32(size), endianness: .little)
            buffer.writeInteger(UInt32(size), endianness: .little)
        }
        offset += UInt64(buffer.readableBytes)
        records.append(Record(name: entry.name, offset: entry.offset, crc: crc, size: size, time: entry.time, date: entry.date))
        return buffer
    }

    /// The central directory and the end records.
    public mutating func finish() -> ByteBuffer {
        var buffer = ByteBuffer()
        let directoryStart = offset
        for record in records {
            let needsZip64 = record.offset >= 0xFFFF_FFFF || record.size >= 0xFFFF_FFFF
            var extra = ByteBuffer()
            if needsZip64 {
                extra.writeInteger(UInt16(0x0001), endianness: .little)
                extra.writeInteger(UInt16(24), endianness: .little)
                extra.writeInteger(record.size, endianness: .little)
                extra.writeInteger(record.size, endianness: .little)
                extra.writeInteger(record.offset, endianness: .little)
            }
            buffer.writeInteger(UInt32(0x0201_4b50), endianness: .little)
            buffer.writeInteger(UInt16(0x0300 | 45), endianness: .little)  // made by Unix, 4.5
            buffer.writeInteger(UInt16(45), endianness: .little)
            buffer.writeInteger(UInt16(0x0808), endianness: .little)
            buffer.writeInteger(UInt16(0), endianness: .little)
            buffer.writeInteger(record.time, endianness: .little)
            buffer.writeInteger(record.date, endianness: .little)
            buffer.writeInteger(record.crc, endianness: .little)
            let size32 = needsZip64 ? UInt32.max : UInt32(record.size)
            buffer.writeInteger(size32, endianness: .little)
            buffer.writeInteger(size32, endianness: .little)
            buffer.writeInteger(UInt16(record.name.count), endianness: .little)
            buffer.writeInteger(UInt16(extra.readableBytes), endianness: .little)
            buffer.writeInteger(UInt16(0), endianness: .little)  // comment
            buffer.writeInteger(UInt16(0), endianness: .little)  // disk
            buffer.writeInteger(UInt16(0), endianness: .little)  // internal attributes
            buffer.writeInteger(UInt32(0o100644) << 16, endianness: .little)  // a regular file, rw-r--r--
            buffer.writeInteger(needsZip64 ? UInt32.max : UInt32(record.offset), endianness: .little)
            buffer.writeBytes(record.name)
            buffer.writeBuffer(&extra)
        }
        let directorySize = UInt64(buffer.readableBytes)
        let count = UInt64(records.count)
        if directoryStart >= 0xFFFF_FFFF || count >= 0xFFFF {
            let zip64End = directoryStart + directorySize
            buffer.writeInteger(UInt32(0x0606_4b50), endianness: .little)
            buffer.writeInteger(UInt64(44), endianness: .little)
            buffer.writeInteger(UInt16(0x0300 | 45), endianness: .little)
            buffer.writeInteger(UInt16(45), endianness: .little)
            buffer.writeInteger(UInt32(0), endianness: .little)
            buffer.writeInteger(UInt32(0), endianness: .little)
            buffer.writeInteger(count, endianness: .little)
            buffer.writeInteger(count, endianness: .little)
            buffer.writeInteger(directorySize, endianness: .little)
            buffer.writeInteger(directoryStart, endianness: .little)
            buffer.writeInteger(UInt32(0x0706_4b50), endianness: .little)
            buffer.writeInteger(UInt32(0), endianness: .little)
            buffer.writeInteger(zip64End, endianness: .little)
            buffer.writeInteger(UInt32(1), endianness: .little)
        }
        buffer.writeInteger(UInt32(0x0605_4b50), endianness: .little)
        buffer.writeInteger(UInt16(0), endianness: .little)
        buffer.writeInteger(UInt16(0), endianness: .little)
        buffer.writeInteger(UInt16(min(count, 0xFFFF)), endianness: .little)
        buffer.writeInteger(UInt16(min(count, 0xFFFF)), endianness: .little)
        buffer.writeInteger(UInt32(min(directorySize, 0xFFFF_FFFF)), endianness: .little)
        buffer.writeInteger(UInt32(min(directoryStart, 0xFFFF_FFFF)), endianness: .little)
        buffer.writeInteger(UInt16(0), endianness: .little)
        offset += UInt64(buffer.readableBytes)
        return buffer
    }

    static func dosTime(_ date: Date) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = max(1980, min(2107, parts.year ?? 1980))
        let time = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
        let day = UInt16((year - 1980) << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
        return (time, day)
    }
}

extension CRC32 {
    public mutating func update(_ buffer: ByteBuffer) {
        buffer.withUnsafeReadableBytes { update($0) }
    }
}
