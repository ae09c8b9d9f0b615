/// A TrueType font (glyf outlines) read from its file's bytes: what the handout needs to
/// measure text, choose glyphs, describe the font to a PDF reader and subset it.
/// Opening validates every table it will later read, so later look-ups cannot run off the end.
struct TrueTypeFont: Sendable {
    let data: FontData
    /// Table tag → byte range in the file.
    let tables: [String: Range<Int>]
    let unitsPerEm: Int
    /// xMin, yMin, xMax, yMax in font units.
    let boundingBox: [Int]
    let glyphCount: Int
    let ascent: Int
    let descent: Int
    let capHeight: Int
    let italicAngle: Double
    let isFixedPitch: Bool
    let isBold: Bool
    /// From the `name` table (ID 6), reduced to the characters a PDF name may hold.
    let postScriptName: String
    let characterMap: CharacterMap
    /// numGlyphs + 1 offsets into `glyf`, checked to ascend and stay inside it.
    let glyphOffsets: [Int]
    private let horizontalMetricsCount: Int

    /// - Parameter collectionIndex: which font of a TrueType Collection (.ttc); ignored for a single font.
    init(bytes: [UInt8], collectionIndex: Int = 0) throws {
        let data = FontData(bytes: bytes)
        self.data = data
        var start = 0
        if try data.u32(0, "file header") == 0x7474_6366 { // "ttcf"
            let count = Int(try data.u32(8, "collection header"))
            guard collectionIndex >= 0, collectionIndex < count else {
                throw TrueTypeError.noSuchFontInCollection(index: collectionIndex, count: count)
            }
            start = Int(try data.u32(12 + collectionIndex * 4, "collection offsets"))
        }
        switch try data.u32(start, "font header") {
        case 0x0001_0000, 0x7472_7565: break // TrueType outlines ("true" on old Macs)
        case 0x4F54_544F: throw TrueTypeError.missingTable("glyf (this font has CFF outlines)") // "OTTO"
        default: throw TrueTypeError.notAFont
        }
        let tableCount = Int(try data.u16(start + 4, "table directory"))
        var tables: [String: Range<Int>] = [:]
        for index in 0..<tableCount {
            let record = start + 12 + index * 16
            let tag = String(decoding: try (0..<4).map { try data.u8(record + $0, "table directory") }, as: UTF8.self)
            let offset = Int(try data.u32(record + 8, "table directory")), length = Int(try data.u32(record + 12, "table directory"))
            guard data.contains(offset, length) else { throw TrueTypeError.outOfBounds("table \(tag)") }
            tables[tag] = offset..<offset + length
        }
        func table(_ tag: String, minimum: Int) throws -> Int {
            guard let range = tables[tag] else { throw TrueTypeError.missingTable(tag) }
            guard range.count >= minimum else { throw TrueTypeError.outOfBounds("table \(tag) is too short") }
            return range.lowerBound
        }
        self.tables = tables

        let head = try table("head", minimum: 54)
        unitsPerEm = Int(try data.u16(head + 18, "head"))
        guard (16...16384).contains(unitsPerEm) else { throw TrueTypeError.malformed("unitsPerEm \(unitsPerEm)") }
        boundingBox = try [36, 38, 40, 42].map { Int(try data.i16(head + $0, "head")) }
        let longOffsets = try data.i16(head + 50, "head") == 1
        isBold = try data.u16(head + 44, "head") & 1 != 0

        let maxp = try table("maxp", minimum: 6)
        glyphCount = Int(try data.u16(maxp + 4, "maxp"))
        guard glyphCount > 0 else { throw TrueTypeError.malformed("no glyphs") }

        let hhea = try table("hhea", minimum: 36)
        horizontalMetricsCount = Int(try data.u16(hhea + 34, "hhea"))
        guard (1...glyphCount).contains(horizontalMetricsCount) else { throw TrueTypeError.malformed("numberOfHMetrics") }
        _ = try table("hmtx", minimum: horizontalMetricsCount * 4 + (glyphCount - horizontalMetricsCount) * 2)
        var ascent = Int(try data.i16(hhea + 4, "hhea")), descent = Int(try data.i16(hhea + 6, "hhea"))
        var capHeight = ascent

        if let os2 = tables["OS/2"], os2.count >= 78 {
            ascent = Int(try data.i16(os2.lowerBound + 68, "OS/2"))
            descent = Int(try data.i16(os2.lowerBound + 70, "OS/2"))
            if try data.u16(os2.lowerBound, "OS/2") >= 2, os2.count >= 90 {
                capHeight = Int(try data.i16(os2.lowerBound + 88, "OS/2"))
            }
        }
        (self.ascent, self.descent, self.capHeight) = (ascent, descent, capHeight)

        if let post = tables["post"], post.count >= 16 {
            italicAngle = Double(Int32(bitPattern: try data.u32(post.lowerBound + 4, "post"))) / 65536
            isFixedPitch = try data.u32(post.lowerBound + 12, "post") != 0
        } else {
            (italicAngle, isFixedPitch) = (0, false)
        }

        let glyf = try table("glyf", minimum: 0)
        let glyfLength = tables["glyf"]?.count ?? 0
        let loca = try table("loca", minimum: (glyphCount + 1) * (longOffsets ? 4 : 2))
        var offsets: [Int] = []
        offsets.reserveCapacity(glyphCount + 1)
        for index in 0...glyphCount {
            let offset = longOffsets ? Int(try data.u32(loca + index * 4, "loca")) : Int(try data.u16(loca + index * 2, "loca")) * 2
            guard offset <= glyfLength, glyf + offset >= (offsets.last ?? glyf) else { throw TrueTypeError.malformed("loca offsets") }
            offsets.append(glyf + offset)
        }
        glyphOffsets = offsets
        // A subset (ours, or one embedded in a PDF) may have no cmap: it then maps no character.
        characterMap = try tables["cmap"].map { try CharacterMap(data: data, table: $0) } ?? .empty
        postScriptName = Self.name(data, tables["name"]) ?? "Font"
    }

    /// The glyph for a character; 0 (.notdef) means the font has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt16 {
        let glyph = characterMap.glyph(for: scalar.value)
        return Int(glyph) < glyphCount ? glyph : 0
    }

    /// Advance width in font units. Glyphs past numberOfHMetrics share the last advance.
    func advance(of glyph: UInt16) -> Int {
        guard Int(glyph) < glyphCount, let hmtx = tables["hmtx"] else { return 0 }
        let index = min(Int(glyph), horizontalMetricsCount - 1)
        return Int(data.u16OrZero(hmtx.lowerBound + index * 4))
    }

    func leftSideBearing(of glyph: UInt16) -> Int {
        guard Int(glyph) < glyphCount, let hmtx = tables["hmtx"] else { return 0 }
        let index = Int(glyph)
        let offset = index < horizontalMetricsCount
            ? hmtx.lowerBound + index * 4 + 2
            : hmtx.lowerBound + horizontalMetricsCount * 4 + (index - horizontalMetricsCount) * 2
        return Int(Int16(bitPattern: data.u16OrZero(offset)))
    }

    /// The glyph's outline bytes from `glyf` (empty for a blank glyph such as the space).
    func outline(of glyph: UInt16) -> ArraySlice<UInt8> {
        guard Int(glyph) < glyphCount else { return [] }
        return data.bytes[glyphOffsets[Int(glyph)]..<glyphOffsets[Int(glyph) + 1]]
    }

    /// Advance in 1/1000 em, the unit of PDF glyph widths.
    func advanceInThousandths(of glyph: UInt16) -> Double {
        Double(advance(of: glyph)) * 1000 / Double(unitsPerEm)
    }

    func scaled(_ value: Int) -> Int { Int((Double(value) * 1000 / Double(unitsPerEm)).rounded()) }

    /// The PostScript name (name ID 6), Windows Unicode or Mac Roman record.
    private static func name(_ data: FontData, _ table: Range<Int>?) -> String? {
        guard let table, let count = try? data.u16(table.lowerBound + 2, "name"),
              let storage = try? data.u16(table.lowerBound + 4, "name") else { return nil }
        for index in 0..<Int(count) {
            let record = table.lowerBound + 6 + index * 12
            guard let platform = try? data.u16(record, "name"), let nameID = try? data.u16(record + 6, "name"),
                  let length = try? data.u16(record + 8, "name"), let offset = try? data.u16(record + 10, "name"),
                  nameID == 6, platform == 1 || platform == 3 else { continue }
            let start = table.lowerBound + Int(storage) + Int(offset)
            guard start + Int(length) <= table.upperBound, data.contains(start, Int(length)) else { continue }
            let raw = data.bytes[start..<start + Int(length)]
            let text = platform == 3
                ? String(decoding: stride(from: raw.startIndex, to: raw.endIndex - 1, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }, as: UTF16.self)
                : String(decoding: raw, as: UTF8.self)
            let clean = String(text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
            if !clean.isEmpty { return String(clean.prefix(60)) }
        }
        return nil
    }
}
