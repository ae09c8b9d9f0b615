import CHarfBuzz

/// A paragraph of notes after shaping, before it is broken into lines: its text as UTF-16 (the
/// unit ICU and HarfBuzz count in), cut into items of one style, font, direction and script,
/// each shaped once; where lines may end; and how wide each stretch is.
struct ShapedParagraph {
    struct Item {
        var range: Range<Int>
        var style: HandoutTextStyle
        /// nil: a character no font has, drawn as its code point marker.
        var font: Int?
        /// Bidi embedding level: odd is right to left.
        var level: UInt8
        var script: hb_script_t
        /// In drawing order within the item.
        var glyphs: [ShapedGlyph]
    }

    /// Whitespace collapsed to single spaces, none at either end.
    let units: [UInt16]
    let items: [Item]
    let isRightToLeft: Bool
    /// The language the shaper is told for Chinese characters ("ja" when the paragraph has kana),
    /// so the font's localized forms are the reader's.
    let language: String?
    /// Offsets after which a line may end (ascending, the last is `units.count`).
    let breaks: [Int]
    /// Offsets where a cluster starts (a line split inside a word cuts only there), ascending.
    let clusterStarts: [Int]
    /// `advanceBefore[i]`: the advance of everything before offset `i`, in 1/1000 of the font size.
    private let advanceBefore: [Double]

    init(units: [UInt16], items: [Item], isRightToLeft: Bool, language: String?, breaks: [Int]) {
        self.units = units
        self.items = items
        self.isRightToLeft = isRightToLeft
        self.language = language
        self.breaks = breaks
        var advance = [Double](repeating: 0, count: units.count + 1)
        var starts = Set<Int>()
        for item in items {
            starts.insert(item.range.lowerBound)
            for glyph in item.glyphs {
                advance[glyph.cluster + 1] += glyph.advance
                starts.insert(glyph.cluster)
            }
        }
        for index in 1..<advance.count { advance[index] += advance[index - 1] }
        advanceBefore = advance
        clusterStarts = starts.sorted()
    }

    /// Advance of `range` in 1/1000 of the font size (its ends are cluster boundaries).
    func advance(_ range: Range<Int>) -> Double { advanceBefore[range.upperBound] - advanceBefore[range.lowerBound] }

    func isSpace(at offset: Int) -> Bool { offset < units.count && units[offset] == 0x20 }

    /// The text of `range`, each character no font has written as its marker ("[U+1FAE8]"): what
    /// the page shows, in reading order.
    func text(_ range: Range<Int>) -> String {
        var out = ""
        for item in items where item.range.overlaps(range) {
            let clipped = item.range.clamped(to: range)
            out += item.font == nil
                ? item.glyphs.filter { clipped.contains($0.cluster) }.text
                : String(decoding: units[clipped], as: UTF16.self)
        }
        return out
    }
}
