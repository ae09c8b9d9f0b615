import CHarfBuzz

/// Turns text into glyphs. With embedded fonts: picks a font for every character (a font
/// preferred for its script, else the style's face and its siblings, else the fallbacks in
/// order, else a printed code point marker), resolves directions with ICU's bidi algorithm and
/// shapes each run with HarfBuzz. With no fonts it uses Helvetica and WinAnsi codes, one glyph
/// per character.
struct HandoutTypesetter {
    let fonts: HandoutFonts?
    private let all: [OpenTypeFont]

    init(fonts: HandoutFonts?) {
        self.fonts = fonts
        all = fonts?.all ?? []
    }

    static let helvetica = HandoutTypesetter(fonts: nil)

    var embedsFonts: Bool { fonts != nil }

    /// The font behind an embedded glyph's `font` index.
    func font(_ index: Int) -> OpenTypeFont? { index < all.count ? all[index] : nil }

    // MARK: - Paragraphs

    func shape(_ paragraph: HandoutParagraph) -> ShapedParagraph {
        let (units, styles) = Self.collapse(paragraph.runs, shapeable: embedsFonts)
        let breaks = LineBreakOpportunities.positions(units)
        guard embedsFonts else {
            return ShapedParagraph(units: units, items: helveticaItems(units, styles), isRightToLeft: false, language: nil, breaks: breaks)
        }
        let (levels, rightToLeft) = BidiLevels.resolve(units)
        let language = Self.language(units)
        var items = itemize(units, styles, levels)
        for index in items.indices {
            items[index].glyphs = glyphs(of: items[index], in: units, range: items[index].range, language: language)
        }
        return ShapedParagraph(units: units, items: items, isRightToLeft: rightToLeft, language: language, breaks: breaks)
    }

    /// One line of a paragraph: its items cut to `range`, shaped again where cut (a letter at
    /// the cut joins differently), put in drawing order and merged into fragments of one style.
    func line(_ paragraph: ShapedParagraph, _ range: Range<Int>, size: Double) -> TypesetLine {
        var pieces: [(level: UInt8, style: HandoutTextStyle, glyphs: [ShapedGlyph])] = []
        for item in paragraph.items where item.range.overlaps(range) {
            let clipped = item.range.clamped(to: range)
            let glyphs = clipped == item.range ? item.glyphs : self.glyphs(of: item, in: paragraph.units, range: clipped, language: paragraph.language)
            pieces.append((item.level, item.style, glyphs))
        }
        var fragments: [LineFragment] = []
        var x = 0.0
        for index in BidiLevels.visualOrder(pieces.map(\.level)) {
            let piece = pieces[index]
            let width = piece.glyphs.width(size: size)
            if let last = fragments.last, last.style == piece.style {
                fragments[fragments.count - 1].glyphs += piece.glyphs
                fragments[fragments.count - 1].width += width
            } else {
                fragments.append(LineFragment(glyphs: piece.glyphs, style: piece.style, x: x, width: width))
            }
            x += width
        }
        return TypesetLine(fragments: fragments, text: paragraph.text(range))
    }

    /// A short label on one line (a bullet, a page number), in drawing order.
    func glyphs(_ text: String, face: TextFace) -> [ShapedGlyph] {
        let paragraph = shape(HandoutParagraph(runs: [HandoutRun(text, style: face.style)]))
        return line(paragraph, 0..<paragraph.units.count, size: 1000).fragments.flatMap(\.glyphs)
    }

    /// Characters of `text` that no available font has, in order of first appearance; they print as markers.
    func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>(), out: [Unicode.Scalar] = []
        for scalar in TextScalars.printable(text) where seen.insert(scalar).inserted {
            let covered = all.isEmpty ? WinAnsi.code(for: scalar) != nil : all.contains { $0.has(scalar) }
            if !covered { out.append(scalar) }
        }
        return out
    }

    // MARK: - Text

    /// The paragraph's text with every run of whitespace (across runs) as one space and none
    /// at either end, as HTML shows it; and each unit's style.
    private static func collapse(_ runs: [HandoutRun], shapeable: Bool) -> ([UInt16], [HandoutTextStyle]) {
        var units: [UInt16] = [], styles: [HandoutTextStyle] = []
        var afterSpace = true
        for run in runs {
            for scalar in shapeable ? TextScalars.shapeable(run.text) : TextScalars.printable(run.text) {
                let isSpace = scalar == " " || (scalar.properties.isWhitespace && scalar.value != 0xA0 && scalar.value != 0x202F)
                if isSpace {
                    if afterSpace { continue }
                    units.append(0x20)
                    styles.append(run.style)
                } else {
                    for unit in String(scalar).utf16 {
                        units.append(unit)
                        styles.append(run.style)
                    }
                }
                afterSpace = isSpace
            }
        }
        if units.last == 0x20 {
            units.removeLast()
            styles.removeLast()
        }
        // A space between two words takes only the styles both share, so an underline or
        // strikethrough never sticks out over it.
        for index in units.indices.dropFirst().dropLast() where units[index] == 0x20 {
            styles[index] = styles[index - 1].intersection(styles[index + 1])
        }
        return (units, styles)
    }

    /// "ja" when the paragraph has kana, "ko" with Hangul, else Chinese: the font then draws each
    /// Han character in the forms its readers expect (OpenType `locl`).
    private static func language(_ units: [UInt16]) -> String? {
        if units.contains(where: { (0x3040...0x30FF).contains($0) }) { return "ja" }
        if units.contains(where: { (0xAC00...0xD7AF).contains($0) || (0x1100...0x11FF).contains($0) }) { return "ko" }
        return units.contains(where: { (0x3400...0x9FFF).contains($0) }) ? "zh-Hans" : nil
    }

    // MARK: - Items

    /// Cuts the paragraph where style, font, direction or script change. Fonts are chosen per
    /// grapheme cluster, so a letter and its marks always come from one font.
    private func itemize(_ units: [UInt16], _ styles: [HandoutTextStyle], _ levels: [UInt8]) -> [ShapedParagraph.Item] {
        var items: [ShapedParagraph.Item] = []
        var offset = 0
        var previousFont: Int?
        var previousScript = HB_SCRIPT_COMMON
        for character in String(decoding: units, as: UTF16.self) {
            let length = character.utf16.count
            let scalars = Array(character.unicodeScalars)
            let style = styles[offset]
            let face = TextFace(style)
            let own = scalars.map(HarfBuzzShaper.script).first { !HarfBuzzShaper.isNeutral($0) }
            let script = own ?? previousScript
            let font = chooseFont(scalars, script: own, face: face, previous: previousFont)
            let range = offset..<(offset + length)
            if let font, var last = items.last, last.font == font, last.style == style, last.level == levels[offset],
               own == nil || HarfBuzzShaper.isNeutral(last.script) || last.script == script {
                if HarfBuzzShaper.isNeutral(last.script) { last.script = script }
                last.range = last.range.lowerBound..<range.upperBound
                items[items.count - 1] = last
            } else {
                items.append(ShapedParagraph.Item(range: range, style: style, font: font, level: levels[offset], script: script, glyphs: []))
            }
            if let font { previousFont = font }
            previousScript = script
            offset += length
        }
        return items
    }

    /// The font for one grapheme cluster: spaces, digits and punctuation stay in the font before
    /// them; a script's preferred fonts come first, then the face and its siblings (DejaVu Sans
    /// Bold Oblique has no Arabic, DejaVu Sans has), then the fallbacks. The first font with every
    /// character wins, else the first with the base character; nil when no font has it.
    private func chooseFont(_ scalars: [Unicode.Scalar], script: hb_script_t?, face: TextFace, previous: Int?) -> Int? {
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        guard let base = needed.first else { return previous ?? face.rawValue }
        if script == nil, let previous, needed.allSatisfy(all[previous].has) { return previous }
        let preferred = script.map { fonts?.preferred(for: HarfBuzzShaper.tag($0), bold: face.isBold) ?? [] } ?? []
        let candidates = preferred + face.substitutes.map(\.rawValue) + Array(TextFace.allCases.count..<all.count)
        return candidates.first { index in needed.allSatisfy(all[index].has) } ?? candidates.first { all[$0].has(base) }
    }

    private func glyphs(of item: ShapedParagraph.Item, in units: [UInt16], range: Range<Int>, language: String?) -> [ShapedGlyph] {
        guard let slot = item.font else { return marker(units, range, face: TextFace(item.style)) }
        guard !all.isEmpty else { return item.glyphs.filter { range.contains($0.cluster) } }
        let cjk = [HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL].contains(item.script)
        return HarfBuzzShaper.shape(units, range, font: all[slot], slot: slot, rightToLeft: item.level % 2 == 1,
                                    script: item.script, language: cjk ? language : nil)
    }

    /// "[U+1FAE8]" for each character of `range`, left to right even inside Hebrew or Arabic,
    /// in the face (or Helvetica), every glyph on the character's cluster.
    private func marker(_ units: [UInt16], _ range: Range<Int>, face: TextFace) -> [ShapedGlyph] {
        var out: [ShapedGlyph] = []
        var offset = range.lowerBound
        for scalar in String(decoding: units[range], as: UTF16.self).unicodeScalars {
            let label = Array(MissingGlyphMarker.text(for: scalar).utf16)
            var glyphs: [ShapedGlyph]
            if all.isEmpty {
                glyphs = label.compactMap { helveticaGlyph(Unicode.Scalar($0)!, face: face, cluster: offset) }
            } else {
                let slot = face.substitutes.map(\.rawValue).first { all[$0].has("U") } ?? face.rawValue
                glyphs = HarfBuzzShaper.shape(label, 0..<label.count, font: all[slot], slot: slot, rightToLeft: false, script: HB_SCRIPT_LATIN, language: nil)
                for index in glyphs.indices {
                    glyphs[index].text = String(Unicode.Scalar(label[glyphs[index].cluster])!)
                    glyphs[index].cluster = offset
                }
            }
            out += glyphs
            offset += scalar.utf16.count
        }
        return out
    }

    // MARK: - Helvetica

    /// One item per run of one style; characters outside WinAnsi become markers.
    private func helveticaItems(_ units: [UInt16], _ styles: [HandoutTextStyle]) -> [ShapedParagraph.Item] {
        var items: [ShapedParagraph.Item] = []
        var offset = 0
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            let range = offset..<(offset + scalar.utf16.count)
            let style = styles[offset], face = TextFace(style)
            if let glyph = helveticaGlyph(scalar, face: face, cluster: offset) {
                if var last = items.last, last.font != nil, last.style == style {
                    last.range = last.range.lowerBound..<range.upperBound
                    last.glyphs.append(glyph)
                    items[items.count - 1] = last
                } else {
                    items.append(ShapedParagraph.Item(range: range, style: style, font: face.rawValue, level: 0, script: HB_SCRIPT_LATIN, glyphs: [glyph]))
                }
            } else {
                items.append(ShapedParagraph.Item(range: range, style: style, font: nil, level: 0, script: HB_SCRIPT_COMMON,
                                                  glyphs: marker(units, range, face: face)))
            }
            offset = range.upperBound
        }
        return items
    }

    private func helveticaGlyph(_ scalar: Unicode.Scalar, face: TextFace, cluster: Int) -> ShapedGlyph? {
        guard let code = WinAnsi.code(for: scalar) else { return nil }
        let advance = Double(HelveticaMetrics.advance(of: code, bold: face.isBold))
        return ShapedGlyph(font: face.rawValue, code: UInt16(code), advance: advance, width: advance, text: String(scalar), cluster: cluster)
    }
}
