import CHarfBuzz

/// The glyphs a handout draws from one font, cut out of it by hb-subset (TrueType and CFF
/// outlines alike), so a Hindi handout embeds a few dozen glyphs, not the whole font.
struct FontSubset {
    /// The subset font file: TrueType (for FontFile2) or OpenType with CFF (for FontFile3).
    let bytes: [UInt8]
    /// Glyph ID in the original font → the ID the subset gives it.
    let newGlyph: [UInt32: UInt32]
    /// The subset's glyph ID → CID, for a CID-keyed CFF font (nil for others).
    let cids: [UInt16]?
    /// A CID-keyed CFF font's bare CFF table (FontFile3 /CIDFontType0C).
    let cidKeyedProgram: [UInt8]?

    /// Tables a PDF reader never uses: shaping happened already, and the text is mapped by ToUnicode.
    private static let droppedTables = ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "DSIG", "vhea", "vmtx", "VORG"]

    /// nil when hb-subset refuses the font.
    init?(_ font: OpenTypeFont, keeping glyphs: Set<UInt32>) {
        guard let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        // Hinting instructions are for screens at small sizes; PDF readers rasterise without them,
        // and DejaVu's make up most of a small subset.
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING.rawValue)
        let glyphSet = hb_subset_input_glyph_set(input)
        for glyph in glyphs { hb_set_add(glyphSet, glyph) }
        // The characters the subset would keep by default (ASCII) would add glyphs never drawn.
        hb_set_clear(hb_subset_input_unicode_set(input))
        let drop = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        for name in Self.droppedTables { hb_set_add(drop, FontTable.tag(name)) }

        guard let plan = hb_subset_plan_create_or_fail(font.face, input) else { return nil }
        defer { hb_subset_plan_destroy(plan) }
        var mapping: [UInt32: UInt32] = [:]
        let map = hb_subset_plan_old_to_new_glyph_mapping(plan)
        for glyph in glyphs {
            let new = hb_map_get(map, glyph)
            if new != hb_codepoint_t.max { mapping[glyph] = new }
        }
        guard let subset = hb_subset_plan_execute_or_fail(plan) else { return nil }
        defer { hb_face_destroy(subset) }
        let blob = hb_face_reference_blob(subset)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
        newGlyph = mapping
        let cff = font.hasPostScriptOutlines ? FontTable(face: subset, "CFF ").bytes : []
        cids = cff.isEmpty ? nil : CFFCharset.cids(cff)
        cidKeyedProgram = cids == nil ? nil : cff
    }
}
