import Foundation

/// Why a file is in the package. Open for the same reason as `PackageKind`.
public struct PackageEntryRole: RawRepresentable, Codable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The caller's JSON (series, talks, slides).
    public static let content = PackageEntryRole(rawValue: "content")
    /// A picture, video or sound referenced by the content.
    public static let media = PackageEntryRole(rawValue: "media")
}
