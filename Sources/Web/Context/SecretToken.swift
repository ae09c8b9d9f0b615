import Crypto
import Foundation

/// Opaque secrets handed to clients (session tokens, reset links). Only their
/// SHA-256 is stored, so reading the database does not let anyone act as a user.
public enum SecretToken {
    /// 256 random bits, base64url without padding: safe in cookies, headers and URLs.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Lower-case hex SHA-256. Runs on every authenticated request, so no per-byte String(format:).
    public static func hash(_ token: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Array(token.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
