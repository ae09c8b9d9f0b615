import Foundation

/// The rules of pairing a device with a 6-digit code (P2). A signed-in phone asks
/// for a code; a watch or display enters it within five minutes. A code works
/// once. A pairing link names its pairing as well as the code, so wrong codes sent
/// for one pairing count against it and kill it after five; typed codes that
/// match nothing count against the sender's address instead (see PairingGuard).
public enum PairingRules {
    public static let lifetime: TimeInterval = 5 * 60
    public static let maximumWrongGuesses = 5
    public static let codeLength = 6

    /// Six decimal digits, uniformly random, leading zeros kept.
    public static func newCode(using generator: inout some RandomNumberGenerator) -> String {
        let value = UInt32.random(in: 0..<1_000_000, using: &generator)
        let digits = String(value)
        return String(repeating: "0", count: codeLength - digits.count) + digits
    }

    /// The code as typed: spaces and dashes allowed ("123 456", "123-456"), six digits required.
    public static func normalize(_ typed: String, field: String = "code") throws(ValidationError) -> String {
        let digits = typed.filter { !$0.isWhitespace && $0 != "-" }
        guard digits.count == codeLength, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw ValidationError(field: field, "A pairing code is \(codeLength) digits, as shown on your phone.",
                                  key: "pair.error.code_format", ["length": String(codeLength)])
        }
        return digits
    }
}
