import Foundation

/// One file inside the package, with the checks the reader applies to it.
public struct PackageEntry: Codable, Sendable, Equatable {
    /// Path inside the ZIP: `content.json` or `media/<sha256>.<ext>`.
    public var path: String
    /// Lowercase hex SHA-256 of the plaintext bytes.
    public var sha256: String
    /// Plaintext byte count.
    public var size: Int64
    public var role: PackageEntryRole
    /// The caller's names for this media file (several names when identical files were deduplicated),
    /// so the content JSON can keep referring to media by its own names.
    public var names: [String]?
    /// Encrypted packages only: SHA-256 and size of the bytes as stored in the ZIP (nonces, ciphertext,
    /// tags), so a download can be verified before install without the password.
    public var storedSHA256: String?
    public var storedSize: Int64?

    public init(path: String, sha256: String, size: Int64, role: PackageEntryRole, names: [String]? = nil,
                storedSHA256: String? = nil, storedSize: Int64? = nil) {
        self.path = path
        self.sha256 = sha256
        self.size = size
        self.role = role
        self.names = names
        self.storedSHA256 = storedSHA256
        self.storedSize = storedSize
    }

    /// The size the ZIP entry must have once inflated.
    var storedByteCount: Int64 { storedSize ?? size }
    /// The digest of the bytes as stored in the ZIP.
    var storedDigest: String { storedSHA256 ?? sha256 }
}
