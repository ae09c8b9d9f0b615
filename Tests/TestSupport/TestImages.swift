import Foundation

/// Pictures the tests build in memory (no binaries committed, no compressor needed): PNGs whose zlib stream uses
/// stored deflate blocks. One builder for the deck-import, Stage and server tests.
public enum TestImages {
    /// An RGB PNG whose pixel (x, y) is (x, y, 0x80) modulo 256: every picture of a size is the same bytes.
    public static func rgbPNG(width: Int, height: Int) -> Data {
        png(width: width, height: height, colorType: 2) { x, y in [UInt8(x & 0xFF), UInt8(y & 0xFF), 0x80] }
    }

    /// A PNG of colour type `colorType` (2 RGB, 6 RGBA, 0 grey) with 8-bit samples from `pixel(x, y)`, every row
    /// filter 0.
    public static func png(width: Int, height: Int, colorType: UInt8, pixel: (Int, Int) -> [UInt8]) -> Data {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width { raw += pixel(x, y) }
        }
        let header = bigEndian32(UInt32(width)) + bigEndian32(UInt32(height)) + [8, colorType, 0, 0, 0]
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(signature + chunk("IHDR", header) + chunk("IDAT", storedZlib(raw)) + chunk("IEND", []))
    }

    /// A zlib stream (RFC 1950) of stored, uncompressed deflate blocks, ending with the Adler-32 of `data`.
    public static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var index = 0
        repeat {
            let count = min(65_535, data.count - index)
            out.append(index + count >= data.count ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[index..<(index + count)]
            index += count
        } while index < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + bigEndian32(b << 16 | a)
    }

    public static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian32(UInt32(data.count)) + body + bigEndian32(TestCRC32.checksum(body))
    }
}

/// CRC-32 (IEEE), as PNG chunks and ZIP entries use it.
public enum TestCRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    public static func checksum<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
