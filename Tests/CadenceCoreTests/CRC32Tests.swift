import CadenceCore
import Testing

/// The one CRC-32 (ZIP entries in exports, PNG chunks in deck imports): the standard check value, and the same sum
/// whether the bytes come at once or in pieces of any length (the eight-byte steps and the tail).
@Suite(.timeLimit(.minutes(5))) struct CRC32Tests {
    @Test func theCheckValueOf123456789() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test(arguments: [1, 3, 8, 13, 64])
    func piecesSumAsTheWhole(piece: Int) {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var crc = CRC32()
        for start in stride(from: 0, to: bytes.count, by: piece) {
            Array(bytes[start..<min(start + piece, bytes.count)]).withUnsafeBytes { crc.update($0) }
        }
        #expect(crc.value == CRC32.checksum(bytes))
    }
}
