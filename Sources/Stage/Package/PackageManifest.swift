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

/// What a package holds. A string rather than a closed enum so an older reader can still list a
/// package of a newer kind in a catalogue (coded as its plain string, RawRepresentable's default).
public struct PackageKind: RawRepresentable, Codable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A whole sermon series (talks, slides, media).
    public static let series = PackageKind(rawValue: "series")
    /// A shared variation of a talk (order, visibility, notes; no media).
    public static let variation = PackageKind(rawValue: "variation")
}

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

/// Why a file is in the package. Open for the same reason as `PackageKind`.
public struct PackageEntryRole: RawRepresentable, Codable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The caller's JSON (series, talks, slides).
    public static let content = PackageEntryRole(rawValue: "content")
    /// A picture, video or sound referenced by the content.
    public static let media = PackageEntryRole(rawValue: "media")
}

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

/// scrypt cost parameters, stored so a later version can raise them without breaking old packages.
public struct KDFParameters: Codable, Sendable, Equatable {
    /// CPU/memory cost (a power of two).
    public var n: Int
    /// Block size.
    public var r: Int
    /// Parallelism.
    public var p: Int

    public init(n: Int, r: Int, p: Int) {
        self.n = n
        self.r = r
        self.p = p
    }
}

/// What the caller says about the package; the writer fills in entries and encryption.
public struct PackageInfo: Sendable {
    public var kind: PackageKind
    public var title: String
    public var languages: [String]
    public var generator: String
    public var createdAt: Date

    public init(kind: PackageKind = .series, title: String, languages: [String], generator: String = "Cadence",
                createdAt: Date = Date()) {
        self.kind = kind
        self.title = title
        self.languages = languages
        self.generator = generator
        self.createdAt = createdAt
    }
}
