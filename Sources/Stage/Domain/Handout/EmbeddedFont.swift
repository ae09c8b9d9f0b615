/// Writes one font into the PDF as a composite font, the form that can address all of its
/// glyphs: Type0 with /Identity-H (2-byte codes) over a CIDFont, with the glyph widths (/W), a
/// font descriptor, the subset font file (deflated) and a ToUnicode map so the text can be copied.
///
/// TrueType outlines become a CIDFontType2 whose codes are the subset's glyph IDs (FontFile2).
/// CFF outlines become a CIDFontType0. A CID-keyed CFF (Noto Sans CJK) is embedded bare
/// (FontFile3 /CIDFontType0C), where readers find each glyph by its CID, so the codes are the CIDs
/// the subset's charset gives its glyphs; any other CFF goes in as an OpenType file (FontFile3
/// /OpenType, PDF 1.6), whose codes are glyph IDs.
enum EmbeddedFont {
    struct Added {
        /// The Type0 font's object number.
        let object: Int
        /// Original glyph ID → the code the content stream writes.
        let code: [UInt16: UInt16]
    }

    /// Adds the font's objects; `glyphs` maps each glyph ID used to the text it stands for.
    /// nil when the font cannot be subset (the caller then draws nothing in it).
    static func add(_ font: OpenTypeFont, glyphs: [UInt16: String], to file: inout PDFFile) -> Added? {
        let cff = font.hasPostScriptOutlines
        guard let subset = FontSubset(font, keeping: Set(glyphs.keys.map(UInt32.init))) else { return nil }
        var code: [UInt16: UInt16] = [:]
        for glyph in glyphs.keys {
            let new = subset.newGlyph[UInt32(glyph)].map { Int($0) } ?? 0
            code[glyph] = subset.cids.map { new < $0.count ? $0[new] : 0 } ?? UInt16(truncatingIfNeeded: new)
        }
        let used = glyphs.keys.sorted { code[$0]! < code[$1]! }
        let name = subsetTag(font.postScriptName, used) + "+" + font.postScriptName

        let fontFile: Int
        if let program = subset.cidKeyedProgram {
            fontFile = file.addStream(dictionary: "/Subtype /CIDFontType0C /Filter /FlateDecode", data: Zlib.deflate(program))
        } else if cff {
            fontFile = file.addStream(dictionary: "/Subtype /OpenType /Filter /FlateDecode", data: Zlib.deflate(subset.bytes))
            file.version = "1.6"
        } else {
            fontFile = file.addStream(dictionary: "/Filter /FlateDecode /Length1 \(subset.bytes.count)", data: Zlib.deflate(subset.bytes))
        }

        // Flags: 4 = symbolic (glyphs outside the standard Latin set), 64 = italic, 1 = fixed pitch.
        var flags = 4
        if font.italicAngle != 0 { flags |= 64 }
        if font.isFixedPitch { flags |= 1 }
        let box = font.boundingBox.map { String(font.scaled($0)) }.joined(separator: " ")
        let descriptor = file.add(
            "<< /Type /FontDescriptor /FontName /\(name) /Flags \(flags) /FontBBox [\(box)] "
                + "/ItalicAngle \(PDFSyntax.number(font.italicAngle)) /Ascent \(font.scaled(font.ascent)) "
                + "/Descent \(font.scaled(font.descent)) /CapHeight \(font.scaled(font.capHeight)) "
                + "/StemV \(font.isBold ? 120 : 80) /\(cff ? "FontFile3" : "FontFile2") \(fontFile) 0 R >>")

        let widths = widths(used.map { (code[$0]!, font.advanceInThousandths(of: UInt32($0))) })
        let cidFont = file.add(
            "<< /Type /Font /Subtype /\(cff ? "CIDFontType0" : "CIDFontType2") /BaseFont /\(name) "
                + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
                + "/FontDescriptor \(descriptor) 0 R /DW 0 /W \(widths)\(cff ? "" : " /CIDToGIDMap /Identity") >>")
        var text: [UInt16: String] = [:]
        for (glyph, value) in glyphs { text[code[glyph]!] = value }
        let toUnicode = file.addStream(dictionary: "/Filter /FlateDecode", data: Zlib.deflate(ToUnicodeCMap.cmap(text)))
        let object = file.add(
            "<< /Type /Font /Subtype /Type0 /BaseFont /\(name) /Encoding /Identity-H "
                + "/DescendantFonts [\(cidFont) 0 R] /ToUnicode \(toUnicode) 0 R >>")
        return Added(object: object, code: code)
    }

    /// `[first [w w …] first [w …]]`, one group per run of consecutive codes (given ascending).
    static func widths(_ codes: [(code: UInt16, width: Double)]) -> String {
        var groups: [String] = []
        var index = 0
        while index < codes.count {
            var end = index + 1
            while end < codes.count, codes[end].code == codes[end - 1].code + 1 { end += 1 }
            let values = codes[index..<end].map { PDFSyntax.number($0.width) }
            groups.append("\(codes[index].code) [\(values.joined(separator: " "))]")
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
