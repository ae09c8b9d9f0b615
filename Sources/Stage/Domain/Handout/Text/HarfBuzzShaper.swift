import CHarfBuzz

/// Shapes one run of text — one font, one direction, one script — with HarfBuzz: the glyphs,
/// joined, reordered and positioned as the font's OpenType tables say (Arabic joining, Indic
/// conjuncts and pre-base vowel signs, marks over letters, kerning), in drawing order.
enum HarfBuzzShaper {
    /// `range` is the run inside `units`; the text around it is given to HarfBuzz as context, so
    /// a letter at the run's edge still joins as it would inside it. Glyphs come in drawing
    /// order (reversed for right to left); each carries its cluster's offset in `units`.
    static func shape(_ units: [UInt16], _ range: Range<Int>, font: OpenTypeFont, slot: Int,
                      rightToLeft: Bool, script: hb_script_t, language: String?) -> [ShapedGlyph] {
        guard !range.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf16(buffer, units, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if isNeutral(script) { hb_buffer_guess_segment_properties(buffer) } else { hb_buffer_set_script(buffer, script) }
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_shape(font.font, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        let n = Int(count)
        // A cluster ends where the next cluster in reading order starts (or at the run's end).
        let starts = Set((0..<n).map { Int(infos[$0].cluster) }).sorted()
        var ends: [Int: Int] = [:]
        for (index, start) in starts.enumerated() { ends[start] = index + 1 < starts.count ? starts[index + 1] : range.upperBound }

        var out: [ShapedGlyph] = []
        out.reserveCapacity(n)
        var named = Set<Int>()
        for index in 0..<n {
            let info = infos[index], position = positions[index]
            let cluster = Int(info.cluster)
            // Runs are cut at cluster boundaries, so the first glyph met of each cluster names its text.
            let text = named.insert(cluster).inserted ? String(decoding: units[cluster..<(ends[cluster] ?? range.upperBound)], as: UTF16.self) : ""
            out.append(ShapedGlyph(
                font: slot, code: UInt16(truncatingIfNeeded: info.codepoint),
                advance: font.thousandths(Int(position.x_advance)), width: font.advanceInThousandths(of: info.codepoint),
                xOffset: font.thousandths(Int(position.x_offset)), yOffset: font.thousandths(Int(position.y_offset)),
                text: text, cluster: cluster, isRightToLeft: rightToLeft))
        }
        return out
    }

    /// The script of a character as HarfBuzz classifies it (Common for spaces, digits and punctuation).
    static func script(of scalar: Unicode.Scalar) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
    }

    static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    /// "Deva", "Arab", "Hani": the ISO 15924 tag fonts are chosen by.
    static func tag(_ script: hb_script_t) -> String {
        let value = hb_script_to_iso15924_tag(script)
        return String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }, as: UTF8.self)
    }
}
