/// Cuts a TrueType font down to the glyphs a document uses. Glyph IDs stay as they are, so a
/// PDF can address glyphs by ID (/CIDToGIDMap /Identity) in the subset and in the full font
/// alike; the glyphs not used keep their slot with no outline and no width, which costs a few
/// bytes each in `loca`/`hmtx` and compresses to almost nothing. Glyphs past the highest one
/// used are dropped altogether.
enum TrueTypeSubsetter {
    /// Tables copied as they are: the hinting programs and their data, which glyph programs call.
    private static let hintingTables = ["cvt ", "fpgm", "prep", "gasp"]

    /// A complete TrueType file holding `glyphs`, .notdef and every component of composite glyphs.
    static func subset(_ font: TrueTypeFont, keeping glyphs: Set<UInt16>) -> [UInt8] {
        let kept = closure(of: glyphs, in: font)
        let count = Int(kept.max() ?? 0) + 1

        var glyf: [UInt8] = [], loca: [UInt8] = [], hmtx: [UInt8] = []
        for index in 0..<count {
            let glyph = UInt16(index)
            loca.appendUInt32(UInt32(glyf.count))
            if kept.contains(glyph) {
                glyf.append(contentsOf: font.outline(of: glyph))
                while glyf.count % 4 != 0 { glyf.append(0) }
                hmtx.appendUInt16(UInt16(clamping: font.advance(of: glyph)))
                hmtx.appendUInt16(UInt16(bitPattern: Int16(clamping: font.leftSideBearing(of: glyph))))
            } else {
                hmtx.append(contentsOf: [0, 0, 0, 0])
            }
        }
        loca.appendUInt32(UInt32(glyf.count))

        var head = table("head", font)
        head.setUInt32(0, at: 8) // checkSumAdjustment, filled in by the file writer
        head.setUInt16(1, at: 50) // long loca offsets
        var hhea = table("hhea", font)
        hhea.setUInt16(UInt16(count), at: 34) // every glyph gets its own long metric
        var maxp = table("maxp", font)
        maxp.setUInt16(UInt16(count), at: 4)

        var tables: [String: [UInt8]] = ["head": head, "hhea": hhea, "maxp": maxp, "loca": loca, "glyf": glyf, "hmtx": hmtx]
        for tag in hintingTables where font.tables[tag] != nil { tables[tag] = table(tag, font) }
        return SFNTWriter.file(tables: tables)
    }

    /// `glyphs` plus .notdef plus, transitively, the components of composite glyphs.
    static func closure(of glyphs: Set<UInt16>, in font: TrueTypeFont) -> Set<UInt16> {
        var kept: Set<UInt16> = [0]
        var pending = Array(glyphs.filter { Int($0) < font.glyphCount })
        while let glyph = pending.popLast() {
            guard kept.insert(glyph).inserted || glyph == 0 else { continue }
            pending += components(of: glyph, in: font).filter { !kept.contains($0) }
        }
        return kept
    }

    /// The glyph IDs a composite glyph is built from (none for a simple glyph). A truncated
    /// record ends the list: the font's own rasteriser would stop there too.
    static func components(of glyph: UInt16, in font: TrueTypeFont) -> [UInt16] {
        let outline = FontData(bytes: Array(font.outline(of: glyph)))
        guard outline.count >= 10, (try? outline.i16(0, "glyph")) ?? 0 < 0 else { return [] }
        var result: [UInt16] = []
        var offset = 10
        while result.count < 1000, let flags = try? outline.u16(offset, "component"),
              let component = try? outline.u16(offset + 2, "component") {
            if Int(component) < font.glyphCount { result.append(component) }
            offset += 4 + (flags & 0x0001 != 0 ? 4 : 2) // ARG_1_AND_2_ARE_WORDS
            if flags & 0x0008 != 0 { offset += 2 } // WE_HAVE_A_SCALE
            else if flags & 0x0040 != 0 { offset += 4 } // WE_HAVE_AN_X_AND_Y_SCALE
            else if flags & 0x0080 != 0 { offset += 8 } // WE_HAVE_A_TWO_BY_TWO
            guard flags & 0x0020 != 0 else { break } // MORE_COMPONENTS
        }
        return result
    }

    private static func table(_ tag: String, _ font: TrueTypeFont) -> [UInt8] {
        font.tables[tag].map { Array(font.data.bytes[$0]) } ?? []
    }
}

extension [UInt8] {
    mutating func appendUInt16(_ value: UInt16) { append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)]) }
    mutating func appendUInt32(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
    mutating func setUInt16(_ value: UInt16, at offset: Int) {
        guard offset + 2 <= count else { return }
        self[offset] = UInt8(value >> 8)
        self[offset + 1] = UInt8(value & 0xFF)
    }
    mutating func setUInt32(_ value: UInt32, at offset: Int) {
        guard offset + 4 <= count else { return }
        for index in 0..<4 { self[offset + index] = UInt8(value >> (24 - 8 * index) & 0xFF) }
    }
}
