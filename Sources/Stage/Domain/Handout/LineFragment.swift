/// A piece of one line of text with a single style, in drawing order, placed relative to the line's start.
struct LineFragment: Equatable {
    var glyphs: [ShapedGlyph]
    var style: HandoutTextStyle
    var x: Double
    var width: Double

    /// The characters the glyphs stand for, in drawing order.
    var text: String { glyphs.text }
}
