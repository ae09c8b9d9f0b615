import Foundation

/// The TrueType fonts a handout embeds, read by the caller (the domain does no file I/O):
/// one font per face, and fallbacks tried in order for characters a face lacks (CJK).
/// Without fonts (`nil` where a handout takes them) the writer uses the standard Helvetica
/// faces, which cover Windows-1252 only.
public struct HandoutFonts: Sendable {
    /// One font file's bytes; `collectionIndex` picks a font from a TrueType Collection (.ttc).
    public struct Source: Sendable {
        public var data: Data
        public var collectionIndex: Int
        public init(data: Data, collectionIndex: Int = 0) {
            self.data = data
            self.collectionIndex = collectionIndex
        }
    }

    /// Regular, bold, italic, bold-italic: `TextFace.rawValue` indexes this.
    let faces: [TrueTypeFont]
    let fallbacks: [TrueTypeFont]
    /// Index in the `fallbacks` given → why that font was left out.
    public let refusedFallbacks: [Int: TrueTypeError]

    /// Throws `TrueTypeError` when a face cannot be read. A fallback that cannot be read (for
    /// instance a CFF-outline OpenType font) is left out and reported in `refusedFallbacks`.
    public init(regular: Source, bold: Source, italic: Source, boldItalic: Source, fallbacks: [Source] = []) throws {
        faces = try [regular, bold, italic, boldItalic].map { try TrueTypeFont(bytes: [UInt8]($0.data), collectionIndex: $0.collectionIndex) }
        var usable: [TrueTypeFont] = [], refused: [Int: TrueTypeError] = [:]
        for (index, source) in fallbacks.enumerated() {
            do {
                usable.append(try TrueTypeFont(bytes: [UInt8](source.data), collectionIndex: source.collectionIndex))
            } catch {
                refused[index] = error as? TrueTypeError ?? .notAFont
            }
        }
        self.fallbacks = usable
        refusedFallbacks = refused
    }

    /// Faces first, then fallbacks: a glyph's `font` indexes this.
    var all: [TrueTypeFont] { faces + fallbacks }
}
