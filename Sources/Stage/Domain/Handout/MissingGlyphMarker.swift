/// What prints in place of a character no available font can draw: its code point in
/// brackets, "[U+1F600]". Visible and searchable, and it tells the reader exactly which
/// character was meant, where a "?" or an empty box would hide it. (Unicode names were
/// considered, but "CJK UNIFIED IDEOGRAPH-4F60" per character would swamp a line.)
public enum MissingGlyphMarker {
    static func text(for scalar: Unicode.Scalar) -> String { "[" + codePoint(scalar) + "]" }

    /// "U+1F600": at least four hex digits, as Unicode writes code points.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
