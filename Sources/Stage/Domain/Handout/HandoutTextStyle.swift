import Foundation

/// The text styles notes may use. Bold and italic pick the face (`TextFace`); underline and
/// strikethrough are drawn as thin lines because PDF fonts have no such faces.
public struct HandoutTextStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = HandoutTextStyle(rawValue: 1 << 0)
    public static let italic = HandoutTextStyle(rawValue: 1 << 1)
    public static let underline = HandoutTextStyle(rawValue: 1 << 2)
    public static let strikethrough = HandoutTextStyle(rawValue: 1 << 3)
}
