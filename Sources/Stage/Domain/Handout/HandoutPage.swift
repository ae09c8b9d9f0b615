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

extension HandoutPage {
    /// The page with each glyph's ID replaced by the code its embedded subset gives it.
    func recoded(_ codes: [Int: [UInt16: UInt16]]) -> HandoutPage {
        var page = self
        for index in page.marks.indices {
            guard case let .text(x, y, font, size, glyphs, gray) = page.marks[index], let code = codes[font] else { continue }
            let recoded = glyphs.map { glyph in
                var glyph = glyph
                glyph.code = code[glyph.code] ?? 0
                return glyph
            }
            page.marks[index] = .text(x: x, y: y, font: font, size: size, glyphs: recoded, gray: gray)
        }
        return page
    }
}
