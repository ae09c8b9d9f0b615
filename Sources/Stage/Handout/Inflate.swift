/// A small zlib/DEFLATE decoder (RFC 1950/1951). Foundation on Linux has no public zlib API,
/// and a system-library dependency would tie the domain module to a C header; PNGs with
/// alpha or a palette are rare on slides, so a plain decoder is fast enough.
enum Inflate {
    struct Failure: Error {}

    /// Decodes a zlib stream (2-byte header, deflate data, Adler-32, which is not checked).
    /// `limit` guards against decompression bombs.
    static func zlib(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        guard input.count > 2, input[0] & 0x0F == 8, (Int(input[0]) << 8 | Int(input[1])) % 31 == 0,
              input[1] & 0x20 == 0 else { throw Failure() }
        var reader = BitReader(bytes: input, position: 2)
        return try inflate(&reader, limit: limit)
    }

    private struct BitReader {
        let bytes: [UInt8]
        var position: Int
        var bitBuffer = 0
        var bitCount = 0

        mutating func bits(_ count: Int) throws(Failure) -> Int {
            while bitCount < count {
                guard position < bytes.count else { throw Failure() }
                bitBuffer |= Int(bytes[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let value = bitBuffer & ((1 << count) - 1)
            bitBuffer >>= count
            bitCount -= count
            return value
        }

        mutating func alignToByte() {
            bitBuffer = 0
            bitCount = 0
        }
    }

    /// Canonical Huffman decoding table: counts per length and symbols sorted by code.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws(Failure) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ reader: inout BitReader) throws(Failure) -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Failure()
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func inflate(_ reader: inout BitReader, limit: Int) throws(Failure) -> [UInt8] {
        var out: [UInt8] = []
        var last = 0
        repeat {
            last = try reader.bits(1)
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                let at = reader.position
                guard at + 4 <= reader.bytes.count else { throw Failure() }
                let length = Int(reader.bytes[at]) | Int(reader.bytes[at + 1]) << 8
                guard at + 4 + length <= reader.bytes.count, out.count + length <= limit else { throw Failure() }
                out.append(contentsOf: reader.bytes[at + 4..<at + 4 + length])
                reader.position = at + 4 + length
            case 1:
                let lengths = [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
                    + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
                try block(&reader, &out, try Huffman(lengths: lengths),
                          try Huffman(lengths: [Int](repeating: 5, count: 30)), limit: limit)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try block(&reader, &out, literals, distances, limit: limit)
            default:
                throw Failure()
            }
        } while last == 0
        return out
    }

    private static func dynamicTables(_ reader: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeCount = try reader.bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeCount { codeLengths[order[i]] = try reader.bits(3) }
        let codeTable = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeTable.decode(&reader)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure() }
                lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Failure() }
        return (try Huffman(lengths: Array(lengths[..<literalCount])), try Huffman(lengths: Array(lengths[literalCount...])))
    }

    private static func block(
        _ reader: inout BitReader, _ out: inout [UInt8], _ literals: Huffman, _ distances: Huffman, limit: Int
    ) throws(Failure) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let lengthIndex = symbol - 257
                guard lengthIndex < 29 else { throw Failure() }
                let length = lengthBase[lengthIndex] + (try reader.bits(lengthExtra[lengthIndex]))
                let distanceSymbol = try distances.decode(&reader)
                guard distanceSymbol < 30 else { throw Failure() }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= out.count, out.count + length <= limit else { throw Failure() }
                let start = out.count - distance
                for i in 0..<length { out.append(out[start + i]) }
            }
            if out.count > limit { throw Failure() }
        }
    }
}
