/// The ToUnicode CMap of an embedded font: for each glyph ID drawn, the text it stands for
/// (UTF-16BE, surrogate pairs for characters past U+FFFF, several characters for a ligature
/// such as lam-alef). PDF readers use it to copy, search and extract text, so it maps a
/// shaped Arabic form back to its base letter.
enum ToUnicodeCMap {
    static func cmap(_ glyphs: [UInt16: String]) -> [UInt8] {
        var out = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange

        """
        let entries = glyphs.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
        // At most 100 entries per block, as the CMap format requires.
        for start in stride(from: 0, to: entries.count, by: 100) {
            let block = entries[start..<min(start + 100, entries.count)]
            out += "\(block.count) beginbfchar\n"
            for (glyph, text) in block {
                out += "<\(hex(glyph))> <\(text.utf16.map(hex).joined())>\n"
            }
            out += "endbfchar\n"
        }
        out += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
        return Array(out.utf8)
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
