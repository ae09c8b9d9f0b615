/// One laid-out page as a list of marks in PDF coordinates (points, origin bottom left).
/// Layout produces these and the content-stream writer only spells them, so layout can be
/// tested without parsing PDF.
struct HandoutPage {
    enum Mark {
        /// `gray` is 0 (black) … 1 (white).
        /// Glyphs of one font (`font` indexes the typesetter's fonts), in drawing order.
        case text(x: Double, y: Double, font: Int, size: Double, glyphs: [ShapedGlyph], gray: Double)
        case line(x1: Double, y1: Double, x2: Double, y2: Double, width: Double, gray: Double)
        case box(x: Double, y: Double, width: Double, height: Double, fill: Double?, stroke: Double?)
        /// `picture` indexes the handout's slides; the writer maps it to an image object.
        case image(picture: Int, x: Double, y: Double, width: Double, height: Double)
    }

    var marks: [Mark] = []
}
