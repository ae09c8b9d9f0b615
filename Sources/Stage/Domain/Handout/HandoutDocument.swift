import Foundation

/// Everything a printed handout of one talk (or variation) shows, already resolved to one
/// notes language: the writer does no look-ups, so the same document always gives the same PDF.
public struct HandoutDocument: Equatable, Sendable {
    public var title: String
    /// A second line on the title page, e.g. "Series name · Español · 3 May 2026".
    public var subtitle: String?
    public var slides: [HandoutSlide]

    public init(title: String, subtitle: String? = nil, slides: [HandoutSlide]) {
        self.title = title
        self.subtitle = subtitle
        self.slides = slides
    }
}
