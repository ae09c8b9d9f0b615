import Foundation

/// How a password-protected package is encrypted; everything a reader needs except the password.
public struct PackageEncryption: Codable, Sendable, Equatable {
    /// Always "AES-256-GCM" in version 1.
    public var algorithm: String
    /// Plaintext bytes per sealed chunk; each chunk is stored as nonce (12) + ciphertext + tag (16).
    public var chunkSize: Int
    /// Always "scrypt" in version 1.
    public var kdf: String
    public var parameters: KDFParameters
    /// Base64 of the random 16-byte salt.
    public var salt: String
    /// Base64 of a known constant sealed under a key derived from the password, so a wrong password
    /// is told apart from a tampered file before any entry is touched.
    public var keyCheck: String
}
