import CompressNIO
import NIOCore

/// zlib streams (RFC 1950) for the handout: PNG pixel data in, PDF FlateDecode images out, through the system's
/// zlib (compress-nio).
enum Zlib {
    struct Failure: Error {}

    /// Decodes a zlib stream; more than `limit` bytes of output is a failure (a decompression bomb).
    static func inflate(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var buffer = ByteBuffer(bytes: input)
        do {
            let output = try buffer.decompress(with: .zlib(), maxSize: max(limit, 1))
            return Array(output.readableBytesView)
        } catch {
            throw Failure()
        }
    }

    static func deflate(_ input: [UInt8]) -> [UInt8] {
        var buffer = ByteBuffer(bytes: input)
        // Compressing bytes in memory fails only if zlib cannot allocate, which the process would not survive.
        guard let output = try? buffer.compress(with: .zlib()) else { preconditionFailure("zlib could not compress") }
        return Array(output.readableBytesView)
    }
}
