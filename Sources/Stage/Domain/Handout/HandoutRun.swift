import Foundation

/// A stretch of text with one style.
public struct HandoutRun: Equatable, Sendable {
    public var text: String
    public var style: HandoutTextStyle

    public init(_ text: String, style: HandoutTextStyle = []) {
        self.text = text
        self.style = style
    }
}
