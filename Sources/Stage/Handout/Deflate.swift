/// A compact zlib/DEFLATE encoder: LZ77 with a short hash chain and the fixed Huffman codes.
/// It is only used for PNGs that had to be decoded (alpha, palette, 16-bit, interlaced);
/// it compresses flat slide graphics well and photos moderately, which is enough for a
/// picture printed a few centimetres wide.
enum Deflate {
    static func zlib(_ input: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes = [0x78, 0x01]
        writer.write(1, count: 1) // final block
        writer.write(1, count: 2) // fixed Huffman
        compress(input, into: &writer)
        writer.writeCode(256)
        writer.flush()
        let adler = adler32(input)
        writer.bytes += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return writer.bytes
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            let end = min(index + 5552, bytes.count) // largest run before the sums can overflow
            for byte in bytes[index..<end] {
                a += UInt32(byte)
                b += a
            }
            a %= 65521
            b %= 65521
            index = end
        }
        return b << 16 | a
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func compress(_ input: [UInt8], into writer: inout BitWriter) {
        let hashSize = 1 << 15, window = 32768, maxChain = 16
        var head = [Int](repeating: -1, count: hashSize)
        var previous = [Int](repeating: -1, count: input.count)
        func hash(_ i: Int) -> Int {
            (Int(input[i]) << 10 ^ Int(input[i + 1]) << 5 ^ Int(input[i + 2])) & (hashSize - 1)
        }
        func insert(_ i: Int) {
            guard i + 2 < input.count else { return }
            let h = hash(i)
            previous[i] = head[h]
            head[h] = i
        }
        var i = 0
        while i < input.count {
            var bestLength = 0, bestDistance = 0
            if i + 2 < input.count {
                var candidate = head[hash(i)]
                var chain = 0
                let maxLength = min(258, input.count - i)
                while candidate >= 0, i - candidate <= window, chain < maxChain {
                    var length = 0
                    while length < maxLength, input[candidate + length] == input[i + length] { length += 1 }
                    if length > bestLength {
                        bestLength = length
                        bestDistance = i - candidate
                        if length == maxLength { break }
                    }
                    candidate = previous[candidate]
                    chain += 1
                }
            }
            if bestLength >= 3 {
                writeMatch(length: bestLength, distance: bestDistance, into: &writer)
                for j in i..<i + bestLength { insert(j) }
                i += bestLength
            } else {
                writer.writeCode(Int(input[i]))
                insert(i)
                i += 1
            }
        }
    }

    private static func writeMatch(length: Int, distance: Int, into writer: inout BitWriter) {
        var lengthIndex = lengthBase.count - 1
        while lengthBase[lengthIndex] > length { lengthIndex -= 1 }
        writer.writeCode(257 + lengthIndex)
        writer.write(length - lengthBase[lengthIndex], count: lengthExtra[lengthIndex])
        var distanceIndex = distanceBase.count - 1
        while distanceBase[distanceIndex] > distance { distanceIndex -= 1 }
        writer.writeReversed(distanceIndex, count: 5)
        writer.write(distance - distanceBase[distanceIndex], count: distanceExtra[distanceIndex])
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        var buffer = 0
        var count = 0

        /// Extra bits and header fields go least significant bit first.
        mutating func write(_ value: Int, count bits: Int) {
            guard bits > 0 else { return }
            buffer |= value << count
            count += bits
            while count >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }

        /// Huffman codes go most significant bit first.
        mutating func writeReversed(_ code: Int, count bits: Int) {
            var reversed = 0
            for bit in 0..<bits where code & (1 << bit) != 0 { reversed |= 1 << (bits - 1 - bit) }
            write(reversed, count: bits)
        }

        /// The fixed literal/length code of RFC 1951 §3.2.6.
        mutating func writeCode(_ symbol: Int) {
            switch symbol {
            case 0..<144: writeReversed(0x30 + symbol, count: 8)
            case 144..<256: writeReversed(0x190 + symbol - 144, count: 9)
            case 256..<280: writeReversed(symbol - 256, count: 7)
            default: writeReversed(0xC0 + symbol - 280, count: 8)
            }
        }

        mutating func flush() {
            if count > 0 { bytes.append(UInt8(buffer & 0xFF)) }
            buffer = 0
            count = 0
        }
    }
}
