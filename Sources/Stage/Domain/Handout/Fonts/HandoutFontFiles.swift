import Foundation

/// Which installed font files serve which script in a handout (Debian's paths; the caller reads
/// them). DejaVu Sans gives the four faces for Latin, Greek and Cyrillic, as before; Noto fonts
/// (fonts-noto-core, fonts-noto-cjk) are preferred for the scripts they were drawn for, in both
/// weights; Noto Sans Symbols, Symbola (fonts-symbola: emoji as black-and-white outlines) and
/// Droid Sans Fallback catch what is left. A file that is not installed is skipped.
public enum HandoutFontFiles {
    public struct Entry: Sendable {
        public let path: String
        public let collectionIndex: Int
        public let scripts: [String]
        public let isBold: Bool
    }

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let notoCJK = "/usr/share/fonts/opentype/noto/"

    /// Regular, bold, oblique, bold oblique.
    public static let faces = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"].map { dejaVu + $0 }

    /// ISO 15924 tag → Noto family (file name without weight).
    private static let notoScripts: [(String, [String])] = [
        // Naskh is the Arabic book hand; it also has Persian's and Urdu's letters (Nastaliq, Urdu's
        // preferred hand, would need the text's language, which notes do not carry).
        ("NotoNaskhArabic", ["Arab"]), ("NotoSansHebrew", ["Hebr"]),
        ("NotoSansDevanagari", ["Deva"]), ("NotoSansBengali", ["Beng"]), ("NotoSansTamil", ["Taml"]),
        ("NotoSansTelugu", ["Telu"]), ("NotoSansGujarati", ["Gujr"]), ("NotoSansGurmukhi", ["Guru"]),
        ("NotoSansMalayalam", ["Mlym"]), ("NotoSansKannada", ["Knda"]), ("NotoSansOriya", ["Orya"]),
        ("NotoSansSinhala", ["Sinh"]), ("NotoSansThai", ["Thai"]), ("NotoSansLao", ["Laoo"]), ("NotoSansKhmer", ["Khmr"]),
        ("NotoSansMyanmar", ["Mymr"]), ("NotoSansEthiopic", ["Ethi"]), ("NotoSansArmenian", ["Armn"]), ("NotoSansGeorgian", ["Geor"]),
    ]

    /// Chinese, Japanese and Korean: one collection holds every CJK glyph; index 2 is its
    /// Simplified Chinese font, and the text's language picks Japanese or Korean forms (`locl`).
    private static let cjkScripts = ["Hani", "Hira", "Kana", "Hang", "Bopo"]

    public static let fallbacks: [Entry] = {
        var out: [Entry] = []
        for (family, scripts) in notoScripts {
            out.append(Entry(path: noto + family + "-Regular.ttf", collectionIndex: 0, scripts: scripts, isBold: false))
            out.append(Entry(path: noto + family + "-Bold.ttf", collectionIndex: 0, scripts: scripts, isBold: true))
        }
        out.append(Entry(path: notoCJK + "NotoSansCJK-Regular.ttc", collectionIndex: 2, scripts: cjkScripts, isBold: false))
        out.append(Entry(path: notoCJK + "NotoSansCJK-Bold.ttc", collectionIndex: 2, scripts: cjkScripts, isBold: true))
        for name in ["NotoSansSymbols-Regular.ttf", "NotoSansSymbols2-Regular.ttf"] {
            out.append(Entry(path: noto + name, collectionIndex: 0, scripts: [], isBold: false))
        }
        out.append(Entry(path: "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf", collectionIndex: 0, scripts: [], isBold: false))
        out.append(Entry(path: "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", collectionIndex: 0, scripts: [], isBold: false))
        return out
    }()
}

extension HandoutFonts {
    /// The fonts of `HandoutFontFiles` that `read` finds; nil when a DejaVu face is missing or unreadable.
    public static func installed(read: (String) -> Data?) -> HandoutFonts? {
        let faces = HandoutFontFiles.faces.compactMap(read).map { Source(data: $0) }
        guard faces.count == 4 else { return nil }
        let fallbacks = HandoutFontFiles.fallbacks.compactMap { entry in
            read(entry.path).map { Source(data: $0, collectionIndex: entry.collectionIndex, scripts: entry.scripts, isBold: entry.isBold) }
        }
        return try? HandoutFonts(regular: faces[0], bold: faces[1], italic: faces[2], boldItalic: faces[3], fallbacks: fallbacks)
    }
}
