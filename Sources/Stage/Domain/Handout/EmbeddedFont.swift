/// Writes one TrueType font into the PDF as a composite font, the form that can address all
/// of its glyphs: Type0 with /Identity-H (2-byte codes are glyph IDs) over a CIDFontType2
/// whose /CIDToGIDMap is /Identity, with the glyph widths (/W), a font descriptor, the
/// subset font file (FontFile2, deflated) and a ToUnicode map so the text can be copied.
enum EmbeddedFont {
    /// Adds the font's objects; `glyphs` maps each glyph ID used to the text it stands for.
    /// Returns the Type0 font's object number.
    static func add(_ font: TrueTypeFont, glyphs: [UInt16: String], to file: inout PDFFile) -> Int {
        let used = glyphs.keys.sorted()
        let name = subsetTag(font.postScriptName, used) + "+" + font.postScriptName

        let program = TrueTypeSubsetter.subset(font, keeping: Set(used))
        let fontFile = file.addStream(dictionary: "/Filter /FlateDecode /Length1 \(program.count)", data: Zlib.deflate(program))

        // Flags: 4 = symbolic (glyphs outside the standard Latin set), 64 = italic, 1 = fixed pitch.
        var flags = 4
        if font.italicAngle != 0 { flags |= 64 }
        if font.isFixedPitch { flags |= 1 }
        let box = font.boundingBox.map { String(font.scaled($0)) }.joined(separator: " ")
        let descriptor = file.add(
            "<< /Type /FontDescriptor /FontName /\(name) /Flags \(flags) /FontBBox [\(box)] "
                + "/ItalicAngle \(PDFSyntax.number(font.italicAngle)) /Ascent \(font.scaled(font.ascent)) "
                + "/Descent \(font.scaled(font.descent)) /CapHeight \(font.scaled(font.capHeight)) "
                + "/StemV \(font.isBold ? 120 : 80) /FontFile2 \(fontFile) 0 R >>")

        let cidFont = file.add(
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /\(name) "
                + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
                + "/FontDescriptor \(descriptor) 0 R /DW 0 /W \(widths(font, used)) /CIDToGIDMap /Identity >>")
        let toUnicode = file.addStream(dictionary: "/Filter /FlateDecode", data: Zlib.deflate(ToUnicodeCMap.cmap(glyphs)))
        return file.add(
            "<< /Type /Font /Subtype /Type0 /BaseFont /\(name) /Encoding /Identity-H "
                + "/DescendantFonts [\(cidFont) 0 R] /ToUnicode \(toUnicode) 0 R >>")
    }

    /// `[first [w w …] first [w …]]`, one group per run of consecutive glyph IDs.
    static func widths(_ font: TrueTypeFont, _ used: [UInt16]) -> String {
        var groups: [String] = []
        var index = 0
        while index < used.count {
            var end = index + 1
            while end < used.count, used[end] == used[end - 1] + 1 { end += 1 }
            let values = used[index..<end].map { PDFSyntax.number(font.advanceInThousandths(of: $0)) }
            groups.append("\(used[index]) [\(values.joined(separator: " "))]")
            index = end
        }
        return "[" + groups.joined(separator: " ") + "]"
    }

    /// Six capital letters that name this subset, as the PDF format asks of subset fonts
    /// ("ABCDEF+DejaVuSans"). Derived from the glyphs kept, so the same handout gives the same file.
    static func subsetTag(_ name: String, _ glyphs: [UInt16]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 // FNV-1a
        for byte in Array(name.utf8) + glyphs.flatMap({ [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        var letters = ""
        for _ in 0..<6 {
            letters.append(Character(Unicode.Scalar(UInt8(65 + hash % 26))))
            hash /= 26
        }
        return letters
    }
}
