import Foundation

public struct ImportedDeck: Sendable {
    public var title: String
    public var slides: [ImportedSlide]
    public var warnings: [String]

    public init(title: String, slides: [ImportedSlide], warnings: [String] = []) {
        self.title = title
        self.slides = slides
        self.warnings = warnings
    }
}
