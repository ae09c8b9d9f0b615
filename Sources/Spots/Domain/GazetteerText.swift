import Foundation

/// Name normalisation shared by the gazetteer's index and its queries.
enum GazetteerText {
    /// Lower case, no diacritics, letters and digits only, runs of anything else → one space.
    static func normalise(_ text: String) -> [UInt32] {
        if let ascii = normaliseASCII(text) { return ascii }
        var out: [UInt32] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        func emit(_ v: UInt32) {
            if pendingSpace, !out.isEmpty { out.append(0x20) }
            pendingSpace = false
            out.append(v)
        }
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            let p = scalar.properties
            if p.generalCategory == .nonspacingMark || p.generalCategory == .enclosingMark { continue }
            if let special = foldings[scalar.value] {
                for v in special.unicodeScalars { emit(v.value) }
            } else if p.isAlphabetic || p.numericType != nil {
                emit(scalar.value)
            } else {
                pendingSpace = true
            }
        }
        return out
    }

    /// The same result for pure ASCII text (most names), without Foundation's case mapping
    /// and decomposition — those dominate the index build. nil for any other text.
    private static func normaliseASCII(_ text: String) -> [UInt32]? {
        var out: [UInt32] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            var v = UInt32(byte)
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v += 0x20
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case UInt8(ascii: "'"): continue   // apostrophes vanish (see `foldings`)
            default: pendingSpace = true; continue
            }
            if pendingSpace, !out.isEmpty { out.append(0x20) }
            pendingSpace = false
            out.append(v)
        }
        return out
    }

    /// Letters that are not base letter + combining mark in Unicode.
    static let foldings: [UInt32: String] = [
        0xDF: "ss", 0xE6: "ae", 0x153: "oe", 0xF8: "o", 0x111: "d", 0x142: "l", 0xFE: "th",
        0x131: "i", 0xF0: "d", 0x127: "h", 0x2BC: "", 0x2019: "", 0x27: "",   // apostrophes vanish: "L'Aquila" ~ "laquila"
    ]
}
