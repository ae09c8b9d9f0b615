import Foundation

/// What a backup archive holds, written into it as `manifest.json`: every other entry with its size and SHA-256,
/// so a restore can refuse an archive that is cut short or damaged before it touches anything.
public struct BackupManifest: Codable, Sendable, Equatable {
    public static let format = "cadence-backup"
    public static let entryName = "manifest.json"

    public struct File: Codable, Sendable, Equatable {
        public let path: String
        public let bytes: Int64
        public let sha256: String
    }

    public var format = BackupManifest.format
    public var version = 1
    public var createdAt: Date
    /// "sqlite" or "postgres": which database file the archive carries (`database/cadence.sqlite` or `.pgdump`).
    public var engine: String
    /// Where the media were kept: "directory" (files under `media/`) or "database" (inside the database).
    public var media: String
    public var files: [File]

    public var totalBytes: Int64 { files.reduce(0) { $0 + $1.bytes } }
}

/// A backup that cannot be made or restored, said plainly (the CLI prints it and exits non-zero).
public struct BackupError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
