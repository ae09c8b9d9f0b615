/// One glyph ready to draw: which font slot, the code the content stream writes for it (a
/// WinAnsi byte for Helvetica, a glyph ID for an embedded font), where the shaper put it, and
/// the text its cluster stands for, which becomes the PDF's ToUnicode entry.
struct ShapedGlyph: Equatable {
    /// `TextFace.rawValue` for Helvetica; for embedded fonts an index into `HandoutFonts.all`.
    var font: Int
    var code: UInt16
    /// How far the pen moves after it, in 1/1000 of the font size, kerning and mark placement included.
    var advance: Double
    /// Its own width in the font (the PDF's /W entry); differs from `advance` where the shaper moved it.
    var width: Double
    /// Offsets from the pen position (marks over their letters), in 1/1000 of the font size.
    var xOffset: Double = 0
    var yOffset: Double = 0
    /// The characters of its cluster on the cluster's first glyph, "" on the others (a conjunct
    /// of three letters is one cluster of several glyphs).
    var text: String
    /// The UTF-16 offset of its cluster in the paragraph.
    var cluster: Int = 0
    /// Shaped right to left: its cluster's glyphs are drawn last character first.
    var isRightToLeft = false

    var isSpace: Bool { text == " " }

    func width(size: Double) -> Double { advance * size / 1000 }
}

extension [ShapedGlyph] {
    func width(size: Double) -> Double { reduce(0) { $0 + $1.advance } * size / 1000 }
    var text: String { map(\.text).joined() }

    /// The index ranges of the clusters, in drawing order (a cluster's glyphs are always together).
    var clusterRanges: [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        while start < count {
            var end = start + 1
            while end < count, self[end].cluster == self[start].cluster { end += 1 }
            out.append(start..<end)
            start = end
        }
        return out
    }
}
