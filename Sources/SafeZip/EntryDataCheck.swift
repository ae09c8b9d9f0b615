import CompressNIO
import Foundation
import NIOCore

/// Checks that an entry's data is all there before ZIPFoundation (0.9.20) reads it: its readers loop for ever on an
/// entry whose bytes run out first — a deflate stream that does not end before the file does, or a stored entry
/// longer than what is left — because at the end of the file they are handed empty chunks and ask again (found by
/// the `deck` fuzz target: one crafted .pptx or .zip kept a core busy for good). So the entry is inflated here once,
/// from exactly its compressed bytes, discarding what comes out and counting it against the meter's caps.
enum EntryDataCheck {
    enum Failure: Error, Equatable {
        /// The entry's data runs past the end of the file, or its deflate stream does not end inside it.
        case cutShort(path: String)
        case corrupt(path: String)
    }

    /// - Parameter maxOutput: the most the entry may inflate to (the meter's caps); past it, `overrun` is thrown.
    /// - Returns: the bytes it inflates to.
    static func check(_ record: ZipDirectory.Record, in handle: FileHandle, fileSize: UInt64, maxOutput: Int64,
                      overrun: @autoclosure () -> Error) throws -> Int64 {
        try handle.seek(toOffset: record.localHeaderOffset)
        let header = [UInt8](try handle.read(upToCount: 30) ?? Data())
        guard header.count == 30, header[0] == 0x50, header[1] == 0x4B, header[2] == 3, header[3] == 4 else {
            throw Failure.corrupt(path: record.name)
        }
        let dataStart = record.localHeaderOffset + 30 + UInt64(ZipDirectory.le16(header, 26)) + UInt64(ZipDirectory.le16(header, 28))
        guard dataStart <= fileSize, record.compressedSize <= fileSize - dataStart else { throw Failure.cutShort(path: record.name) }
        switch record.method {
        case 0:
            guard record.uncompressedSize <= record.compressedSize else { throw Failure.cutShort(path: record.name) }
            return Int64(record.uncompressedSize)
        case 8:
            try handle.seek(toOffset: dataStart)
            return try inflatedSize(of: record, from: handle, maxOutput: maxOutput, overrun: overrun())
        default:
            return Int64(clamping: record.uncompressedSize)  // ZIPFoundation refuses other methods itself
        }
    }

    private static func inflatedSize(of record: ZipDirectory.Record, from handle: FileHandle, maxOutput: Int64,
                                     overrun: @autoclosure () -> Error) throws -> Int64 {
        let decompressor = try ZlibDecompressor(algorithm: .deflate)
        var left = record.compressedSize
        var produced: Int64 = 0
        var output = ByteBuffer()
        var input = ByteBuffer()
        func inflate() throws -> Bool {
            while true {
                output.clear(minimumCapacity: 64 * 1024)
                do {
                    try decompressor.inflate(from: &input, to: &output)
                    produced += Int64(output.readableBytes)
                    // A normal return with input left over is the stream's end (zlib's Z_STREAM_END); with none
                    // left it may also be "give me more".
                    return input.readableBytes > 0
                } catch let error as CompressNIOError where error == .bufferOverflow {
                    produced += Int64(output.readableBytes)
                } catch let error as CompressNIOError where error == .inputBufferOverflow {
                    produced += Int64(output.readableBytes)
                    return false
                } catch {
                    throw Failure.corrupt(path: record.name)
                }
                if produced > maxOutput { throw overrun() }
            }
        }
        while left > 0 {
            let chunk = try handle.read(upToCount: Int(min(left, 64 * 1024))) ?? Data()
            guard !chunk.isEmpty else { throw Failure.cutShort(path: record.name) }
            left -= UInt64(chunk.count)
            input = ByteBuffer(bytes: chunk)
            if try inflate() { return produced }
            if produced > maxOutput { throw overrun() }
        }
        // All its bytes given: the stream has ended only if zlib now refuses more input (one byte offered, not taken).
        input = ByteBuffer(bytes: [0])
        guard try inflate() else { throw Failure.cutShort(path: record.name) }
        return produced
    }

}
