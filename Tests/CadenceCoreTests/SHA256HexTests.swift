import CadenceCore
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct SHA256HexTests {
    /// FIPS 180-2's "abc" example: the same lower-case hex whether hashed whole or fed in pieces (a file in chunks).
    @Test func wholeAndChunkedAgreeWithTheStandard() {
        let expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        #expect(SHA256Hex.digest(Array("abc".utf8)) == expected)
        var pieces = [Data("a".utf8), Data("bc".utf8)]
        #expect(SHA256Hex.digest { pieces.isEmpty ? nil : pieces.removeFirst() } == expected)
    }
}
