import Foundation

/// The fonts a handout embeds, read by the caller (the domain does no file I/O): one font per
/// face (regular, bold, italic, bold-italic: the Latin, Greek and Cyrillic text), fonts preferred
/// for particular scripts (Noto Sans Devanagari for Hindi…), and fallbacks tried in order for
/// any character the others lack. Without fonts (`nil` where a handout takes them) the writer
/// uses the standard Helvetica faces, which cover Windows-1252 only.
public struct HandoutFonts: Sendable {
    /// One font file's bytes; `collectionIndex` picks a font from a collection (.ttc).
    public struct Source: Sendable {
        public var data: Data
        public var collectionIndex: Int
        /// ISO 15924 script tags ("Deva", "Arab", "Hani") whose characters try this font before the faces.
        public var scripts: [String]
        /// A bold font: bold text in its scripts picks it over a regular one.
        public var isBold: Bool

        public init(data: Data, collectionIndex: Int = 0, scripts: [String] = [], isBold: Bool = false) {
            self.data = data
            self.collectionIndex = collectionIndex
            self.scripts = scripts
            self.isBold = isBold
        }
    }

    /// Regular, bold, italic, bold-italic: `TextFace.rawValue` indexes this.
    let faces: [OpenTypeFont]
    /// Script fonts and fallbacks, in the order given.
    let fallbacks: [OpenTypeFont]
    let fallbackSources: [(scripts: Set<String>, isBold: Bool)]
    /// Index in the `fallbacks` given → why that font was left out.
    public let refusedFallbacks: [Int: FontError]

    /// Throws `FontError` when a face cannot be read. A fallback that cannot be read is left
    /// out and reported in `refusedFallbacks`.
    public init(regular: Source, bold: Source, italic: Source, boldItalic: Source, fallbacks: [Source] = []) throws {
        faces = try [regular, bold, italic, boldItalic].map { try OpenTypeFont(bytes: $0.data, collectionIndex: $0.collectionIndex) }
        var usable: [OpenTypeFont] = [], sources: [(Set<String>, Bool)] = [], refused: [Int: FontError] = [:]
        for (index, source) in fallbacks.enumerated() {
            do {
                usable.append(try OpenTypeFont(bytes: source.data, collectionIndex: source.collectionIndex))
                sources.append((Set(source.scripts), source.isBold))
            } catch {
                refused[index] = error as? FontError ?? .notAFont
            }
        }
        self.fallbacks = usable
        fallbackSources = sources
        refusedFallbacks = refused
    }

    /// Faces first, then fallbacks: a glyph's `font` indexes this.
    var all: [OpenTypeFont] { faces + fallbacks }

    /// Slots (indexes into `all`) of the fonts preferred for `script`, the weight asked for first.
    func preferred(for script: String, bold: Bool) -> [Int] {
        let matching = fallbackSources.indices.filter { fallbackSources[$0].scripts.contains(script) }
        let ordered = matching.filter { fallbackSources[$0].isBold == bold } + matching.filter { fallbackSources[$0].isBold != bold }
        return ordered.map { faces.count + $0 }
    }
}
