/// A piece of one line of text with a single style, in drawing order, placed relative to the line's start.
struct LineFragment: Equatable {
    var glyphs: [ShapedGlyph]
    var style: HandoutTextStyle
    /// In points, from the line's start.
    var x: Double
    var width: Double

    /// The characters the glyphs stand for, in drawing order.
    var text: String { glyphs.text }
}

/// One line of a paragraph: its fragments in drawing order, and its text in reading order.
struct TypesetLine: Equatable {
    var fragments: [LineFragment]
    var text: String

    /// In points.
    var width: Double { fragments.last.map { $0.x + $0.width } ?? 0 }
}
