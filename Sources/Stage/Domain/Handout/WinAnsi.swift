import Foundation

/// Text for the standard 14 PDF fonts, which only know WinAnsiEncoding (Windows-1252):
/// Latin-1 plus curly quotes, dashes, the bullet, € and a few more. Used when no font files
/// are available; anything else (Greek, Cyrillic, CJK, emoji) then prints as its code point
/// marker (`MissingGlyphMarker`), never as a silent "?".
enum WinAnsi {
    /// The Windows-1252 extras in 0x80…0x9F, by Unicode scalar.
    private static let extras: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
        0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91,
        0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98,
        0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B, 0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    /// Stand-ins that read the same, so common typography does not turn into a marker.
    private static let lookalikes: [UInt32: UInt8] = [
        0x2011: 0x2D, 0x2010: 0x2D, 0x2212: 0x2D, // hyphens and minus
        0x00A0: 0x20, 0x2009: 0x20, 0x202F: 0x20, 0x2002: 0x20, 0x2003: 0x20, // spaces
        0x2032: 0x27, 0x2033: 0x22, // primes
    ]

    /// One byte per character (see `TextScalars` for spaces and controls); characters outside
    /// Windows-1252 become their marker, e.g. "[U+03A9]".
    static func encode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in TextScalars.printable(text) {
            if let code = code(for: scalar) { bytes.append(code) } else {
                bytes.append(contentsOf: MissingGlyphMarker.text(for: scalar).utf8)
            }
        }
        return bytes
    }

    /// The Windows-1252 byte for a printable character, nil when it has none.
    static func code(for scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x20...0x7E, 0xA1...0xFF: UInt8(scalar.value)
        default: extras[scalar.value] ?? lookalikes[scalar.value]
        }
    }
}
