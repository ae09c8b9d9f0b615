import Foundation

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
