/// One glyph ready to draw: which font slot, the code the content stream writes for it (a
/// WinAnsi byte for Helvetica, a glyph ID for an embedded font), its advance and the text it
/// stands for, which becomes the PDF's ToUnicode entry so copied and searched text is the original.
struct ShapedGlyph: Equatable {
    /// `TextFace.rawValue` for Helvetica; for embedded fonts an index into `HandoutFonts.all`.
    var font: Int
    var code: UInt16
    /// In 1/1000 of the font size.
    var advance: Double
    var text: String
    var direction: BidiClass

    var isSpace: Bool { text == " " }

    func width(size: Double) -> Double { advance * size / 1000 }
}

extension [ShapedGlyph] {
    func width(size: Double) -> Double { reduce(0) { $0 + $1.advance } * size / 1000 }
    var text: String { map(\.text).joined() }
}
