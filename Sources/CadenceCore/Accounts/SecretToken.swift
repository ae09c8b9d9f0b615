import Foundation

/// Opaque secrets handed to clients (session tokens, reset links). Only their
/// SHA-256 is stored, so reading the database does not let anyone act as a user.
public enum SecretToken {
    /// 256 random bits, base64url without padding: safe in cookies, headers and URLs.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(bytes)
    }

    /// Lower-case hex SHA-256.
    public static func hash(_ token: String) -> String {
        SHA256Hex.digest(Array(token.utf8))
    }
}
