/// Turns text into glyphs: picks the font for every character (the style's face, else the
/// fallbacks in order, else a printed code point marker), shapes Arabic, and measures with
/// the fonts' real advance widths. With no fonts it uses Helvetica and WinAnsi codes.
struct HandoutTypesetter {
    let fonts: HandoutFonts?
    private let all: [TrueTypeFont]

    init(fonts: HandoutFonts?) {
        self.fonts = fonts
        all = fonts?.all ?? []
    }

    static let helvetica = HandoutTypesetter(fonts: nil)

    var embedsFonts: Bool { fonts != nil }

    /// The glyphs for `text` in logical (reading) order.
    func glyphs(_ text: String, face: TextFace) -> [ShapedGlyph] {
        let scalars = TextScalars.printable(text)
        guard !all.isEmpty else {
            var out: [ShapedGlyph] = []
            for scalar in scalars {
                if let code = WinAnsi.code(for: scalar) {
                    out.append(helveticaGlyph(code, text: String(scalar), face: face, direction: BidiClass(scalar)))
                } else {
                    out += marker(for: scalar, face: face)
                }
            }
            return out
        }
        var out: [ShapedGlyph] = []
        var string = String.UnicodeScalarView()
        string.append(contentsOf: scalars)
        for unit in ArabicShaper.shape(String(string)) {
            let direction = unit.text.unicodeScalars.first.map(BidiClass.init) ?? .neutral
            if let glyph = embeddedGlyph(unit.draw, text: unit.text, face: face, direction: direction) {
                out.append(glyph)
                continue
            }
            // A presentation form the fonts lack: draw the letters it stands for instead.
            for scalar in unit.text.unicodeScalars {
                out += embeddedGlyph(scalar, text: String(scalar), face: face, direction: BidiClass(scalar)).map { [$0] }
                    ?? marker(for: scalar, face: face)
            }
        }
        return out
    }

    /// Characters of `text` that no available font has, in order of first appearance; they print as markers.
    func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>(), out: [Unicode.Scalar] = []
        for scalar in TextScalars.printable(text) where seen.insert(scalar).inserted {
            let covered = all.isEmpty ? WinAnsi.code(for: scalar) != nil : all.contains { $0.glyph(for: scalar) != 0 }
            if !covered { out.append(scalar) }
        }
        return out
    }

    /// Brackets and quotes that point the other way in right-to-left text (Unicode's Bidi_Mirroring_Glyph).
    private static let mirrors: [Unicode.Scalar: Unicode.Scalar] = [
        "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<",
        "«": "»", "»": "«", "‹": "›", "›": "‹",
    ]

    /// The glyph as drawn inside right-to-left text: "(" becomes ")" and so on, from the same font.
    /// Its text becomes the character drawn, since one glyph has one ToUnicode entry in the file.
    func mirrored(_ glyph: ShapedGlyph) -> ShapedGlyph {
        guard glyph.text.unicodeScalars.count == 1, let scalar = glyph.text.unicodeScalars.first,
              let pair = Self.mirrors[scalar] else { return glyph }
        var mirrored = glyph
        mirrored.text = String(pair)
        if all.isEmpty {
            guard let code = WinAnsi.code(for: pair) else { return glyph }
            mirrored.code = UInt16(code)
            mirrored.advance = Double(HelveticaMetrics.advance(of: code, bold: TextFace(rawValue: glyph.font)?.isBold ?? false))
        } else {
            let code = all[glyph.font].glyph(for: pair)
            guard code != 0 else { return glyph }
            mirrored.code = code
            mirrored.advance = all[glyph.font].advanceInThousandths(of: code)
        }
        return mirrored
    }

    /// The font behind an embedded glyph's `font` index.
    func font(_ index: Int) -> TrueTypeFont? { index < all.count ? all[index] : nil }

    var fontCount: Int { all.isEmpty ? TextFace.allCases.count : all.count }

    private func embeddedGlyph(_ scalar: Unicode.Scalar, text: String, face: TextFace, direction: BidiClass) -> ShapedGlyph? {
        // The style's face first, then its sibling faces (DejaVu Sans Bold Oblique has no Arabic,
        // DejaVu Sans has), then the fallbacks: a letter in a plain face beats a marker.
        let candidates = face.substitutes.map(\.rawValue) + Array(TextFace.allCases.count..<all.count)
        for index in candidates {
            let glyph = all[index].glyph(for: scalar)
            if glyph != 0 {
                return ShapedGlyph(font: index, code: glyph, advance: all[index].advanceInThousandths(of: glyph), text: text, direction: direction)
            }
        }
        return nil
    }

    private func helveticaGlyph(_ code: UInt8, text: String, face: TextFace, direction: BidiClass) -> ShapedGlyph {
        ShapedGlyph(font: face.rawValue, code: UInt16(code), advance: Double(HelveticaMetrics.advance(of: code, bold: face.isBold)),
                    text: text, direction: direction)
    }

    /// The marker's glyphs, all left to right so "[U+…]" stays readable inside Hebrew or Arabic.
    private func marker(for scalar: Unicode.Scalar, face: TextFace) -> [ShapedGlyph] {
        MissingGlyphMarker.text(for: scalar).unicodeScalars.compactMap { character in
            if all.isEmpty {
                return WinAnsi.code(for: character).map { helveticaGlyph($0, text: String(character), face: face, direction: .leftToRight) }
            }
            return embeddedGlyph(character, text: String(character), face: face, direction: .leftToRight)
        }
    }
}
