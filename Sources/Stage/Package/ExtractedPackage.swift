import Foundation

/// A package whose every entry passed its checks, unpacked into the staging folder. The caller
/// moves or imports from `directory` and deletes it afterwards.
public struct ExtractedPackage: Sendable {
    public var manifest: PackageManifest
    /// The staging folder holding `content.json` and `media/`.
    public var directory: URL
    /// The caller's JSON, as written.
    public var content: Data
    /// Media files by the caller's names (several names may point at one deduplicated file).
    public var media: [String: URL]
    /// Every extracted file by its path inside the package.
    public var files: [String: URL]
}
