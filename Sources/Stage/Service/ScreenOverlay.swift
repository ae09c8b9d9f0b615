import Stage

/// A text overlay as a screen draws it: the slide's overlay with its words in the language shown.
public struct ScreenOverlay: Codable, Sendable {
    public let text: String
    public let font: String
    public let size: Double
    public let color: String
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double
    public let box: String?
    public let align: String
    /// The words' language, for the `lang` of the element drawing them.
    public let language: String?

    public init(_ resolved: Deck.ResolvedOverlay) {
        let overlay = resolved.overlay
        text = resolved.text
        font = overlay.font
        size = overlay.size
        color = overlay.color
        x = overlay.x
        y = overlay.y
        width = overlay.width
        height = overlay.height
        box = overlay.box
        align = overlay.align
        language = resolved.language
    }
}
