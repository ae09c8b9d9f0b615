import CadenceCore
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct PairingTests {
    let issued = Date(timeIntervalSince1970: 2_000_000_000)

    func pairing(wrongGuesses: Int = 0, usedAt: Date? = nil) -> Pairing {
        Pairing(id: UUID(), accountID: UUID(), code: "042317", expiresAt: issued.addingTimeInterval(PairingRules.lifetime),
                wrongGuesses: wrongGuesses, usedAt: usedAt)
    }

    @Test func theRightCodeWithinFiveMinutesIsAccepted() {
        #expect(pairing().judge(guess: "042317", at: issued.addingTimeInterval(299)) == .accept)
    }

    @Test func aCodeExpiresAfterFiveMinutes() {
        #expect(pairing().judge(guess: "042317", at: issued.addingTimeInterval(300)) == .refuse(.expired))
    }

    @Test func aCodeWorksOnce() {
        #expect(pairing(usedAt: issued).judge(guess: "042317", at: issued) == .refuse(.used))
    }

    @Test func aCodeDiesAfterFiveWrongGuesses() {
        #expect(pairing(wrongGuesses: 0).judge(guess: "111111", at: issued) == .wrongCode(remaining: 4))
        #expect(pairing(wrongGuesses: 4).judge(guess: "111111", at: issued) == .wrongCode(remaining: 0))
        // Even the right code is refused once five wrong ones were tried.
        #expect(pairing(wrongGuesses: 5).judge(guess: "042317", at: issued) == .refuse(.exhausted))
    }

    @Test func codesAreSixDigitsWithLeadingZerosKept() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let code = PairingRules.newCode(using: &generator)
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        }
    }

    @Test(arguments: [("123 456", "123456"), ("123-456", "123456"), (" 000001 ", "000001")])
    func typedCodesAreNormalised(typed: String, expected: String) throws {
        #expect(try PairingRules.normalize(typed) == expected)
    }

    @Test(arguments: ["12345", "1234567", "12a456", "", "１２３４５６"])
    func malformedCodesNameTheField(typed: String) {
        #expect(throws: ValidationError.self) { try PairingRules.normalize(typed) }
    }

    @Test func rolesAndNames() throws {
        #expect(try DeviceRole(parsing: " Watch ") == .watch)
        #expect(throws: ValidationError.self) { try DeviceRole(parsing: "toaster") }
        #expect(try Device.name("  Hall screen ") == "Hall screen")
        #expect(throws: ValidationError.self) { try Device.name(" ") }
        #expect(throws: ValidationError.self) { try Device.name(String(repeating: "x", count: 41)) }
    }
}
