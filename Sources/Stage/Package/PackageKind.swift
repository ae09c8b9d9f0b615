import Foundation

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
