import CHarfBuzz
import Foundation

/// One font file (TrueType or CFF outlines, or one font of a collection) as HarfBuzz reads it:
/// what the handout asks of a font — which characters it has, how the shaper places its glyphs,
/// the metrics a PDF font descriptor names — and a subset of it to embed.
///
/// HarfBuzz's objects are immutable once made, so one font serves concurrent handouts.
final class OpenTypeFont: @unchecked Sendable {
    let face: OpaquePointer
    let font: OpaquePointer
    let unitsPerEm: Int
    let glyphCount: Int
    /// CFF (PostScript) outlines: embedded as an OpenType font file rather than as TrueType.
    let hasPostScriptOutlines: Bool
    let postScriptName: String
    let ascent: Int
    let descent: Int
    let capHeight: Int
    /// xMin, yMin, xMax, yMax in font units, from `head`.
    let boundingBox: [Int]
    let italicAngle: Double
    let isFixedPitch: Bool
    let isBold: Bool

    /// Throws when the bytes hold no font (HarfBuzz then gives an empty face) or the collection has no such index.
    init(bytes: Data, collectionIndex: Int = 0) throws {
        let blob = bytes.withUnsafeBytes { raw in
            hb_blob_create(raw.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(raw.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        defer { hb_blob_destroy(blob) }
        let faces = Int(hb_face_count(blob))
        guard faces > 0 else { throw FontError.notAFont }
        guard collectionIndex >= 0, collectionIndex < faces else {
            throw FontError.noSuchFontInCollection(index: collectionIndex, count: faces)
        }
        let face = hb_face_create(blob, UInt32(collectionIndex))!
        guard hb_face_get_glyph_count(face) > 0, hb_face_get_upem(face) >= 16 else {
            hb_face_destroy(face)
            throw FontError.malformed("no glyphs")
        }
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        self.face = face
        self.font = font
        let unitsPerEm = Int(hb_face_get_upem(face))
        self.unitsPerEm = unitsPerEm
        glyphCount = Int(hb_face_get_glyph_count(face))
        hasPostScriptOutlines = FontTable.length(face, "CFF ") > 0 || FontTable.length(face, "CFF2") > 0
        let table = { (tag: String) in FontTable(face: face, tag) }

        func metric(_ tag: hb_ot_metrics_tag_t, _ fallback: Int) -> Int {
            var position: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &position) != 0 ? Int(position) : fallback
        }
        let ascent = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, unitsPerEm * 8 / 10)
        self.ascent = ascent
        descent = metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, -unitsPerEm * 2 / 10)
        capHeight = metric(HB_OT_METRICS_TAG_CAP_HEIGHT, ascent)

        let head = table("head")
        boundingBox = head.count >= 54 ? [36, 38, 40, 42].map { Int(head.i16($0)) } : [0, -unitsPerEm / 5, unitsPerEm, ascent]
        // macStyle bit 0 is bold; OS/2 fsSelection bit 5 says the same where head does not.
        let os2 = table("OS/2")
        isBold = (head.count >= 54 && head.u16(44) & 1 != 0) || (os2.count >= 64 && os2.u16(62) & 0x20 != 0)
        let post = table("post")
        italicAngle = post.count >= 16 ? Double(post.i32(4)) / 65536 : 0
        isFixedPitch = post.count >= 16 && post.u32(12) != 0
        postScriptName = Self.postScriptName(face)
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// The glyph for a character; 0 (.notdef) means the font has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? glyph : 0
    }

    func has(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != 0 }

    /// Advance width in font units, as the font's `hmtx` gives it (before any shaping).
    func advance(of glyph: UInt32) -> Int { Int(hb_font_get_glyph_h_advance(font, glyph)) }

    /// Advance in 1/1000 em, the unit of PDF glyph widths.
    func advanceInThousandths(of glyph: UInt32) -> Double { thousandths(advance(of: glyph)) }

    func thousandths(_ units: Int) -> Double { Double(units) * 1000 / Double(unitsPerEm) }

    func scaled(_ value: Int) -> Int { Int(thousandths(value).rounded()) }

    /// The PostScript name (name ID 6), reduced to the characters a PDF name may hold.
    private static func postScriptName(_ face: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        var length = UInt32(buffer.count)
        _ = hb_ot_name_get_utf8(face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME), hb_language_from_string("en", -1), &length, &buffer)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let clean = String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
        return clean.isEmpty ? "Font" : String(clean.prefix(60))
    }
}

/// The bytes of one table of a face, read big-endian and bounds-checked (a short table reads as zeros).
struct FontTable {
    let bytes: [UInt8]

    static func tag(_ name: String) -> hb_tag_t { name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }

    /// The table's size in bytes without copying it (0: the face has no such table).
    static func length(_ face: OpaquePointer, _ name: String) -> Int {
        let blob = hb_face_reference_table(face, tag(name))
        defer { hb_blob_destroy(blob) }
        return Int(hb_blob_get_length(blob))
    }

    init(face: OpaquePointer, _ name: String) {
        let blob = hb_face_reference_table(face, Self.tag(name))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        if let data = hb_blob_get_data(blob, &length), length > 0 {
            bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
        } else {
            bytes = []
        }
    }

    var isEmpty: Bool { bytes.isEmpty }
    var count: Int { bytes.count }

    func u16(_ at: Int) -> UInt16 { at + 2 <= bytes.count ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) : 0 }
    func i16(_ at: Int) -> Int16 { Int16(bitPattern: u16(at)) }
    func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) << 16 | UInt32(u16(at + 2)) }
    func i32(_ at: Int) -> Int32 { Int32(bitPattern: u32(at)) }
}
