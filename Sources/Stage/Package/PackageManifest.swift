import Foundation

/// The table of contents of a `.cadence` package, stored unencrypted as `manifest.json` so a
/// catalogue can show title, languages and size without the password.
///
/// What the clear manifest reveals even for a password-protected package: title, kind, languages,
/// creation date, generator, the number of files, each file's size and media names, and each file's
/// plaintext SHA-256 (which lets someone who already holds a candidate picture confirm it is inside).
/// It does not reveal the content JSON or any media bytes.
public struct PackageManifest: Codable, Sendable, Equatable {
    /// The `format` value every Cadence package carries; anything else is not ours.
    public static let formatName = "cadence-package"
    /// The newest layout this code reads and the one it writes.
    public static let currentVersion = 1
    /// Where the manifest sits inside the ZIP.
    public static let path = "manifest.json"
    /// Where the caller's content JSON sits inside the ZIP.
    public static let contentPath = "content.json"

    public var format: String
    public var version: Int
    public var kind: PackageKind
    public var title: String
    public var createdAt: Date
    public var generator: String
    public var languages: [String]
    public var entries: [PackageEntry]
    /// Present only for password-protected packages.
    public var encryption: PackageEncryption?

    public init(kind: PackageKind, title: String, createdAt: Date, generator: String, languages: [String],
                entries: [PackageEntry], encryption: PackageEncryption?) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.kind = kind
        self.title = title
        self.createdAt = createdAt
        self.generator = generator
        self.languages = languages
        self.entries = entries
        self.encryption = encryption
    }

    /// Plaintext bytes of every entry, i.e. what installing the package needs on disk.
    public var totalSize: Int64 { entries.reduce(0) { $0 + $1.size } }

    /// Bytes the entries occupy inside the ZIP before compression (ciphertext when encrypted).
    public var totalStoredSize: Int64 { entries.reduce(0) { $0 + $1.storedByteCount } }

    public var isEncrypted: Bool { encryption != nil }
}
