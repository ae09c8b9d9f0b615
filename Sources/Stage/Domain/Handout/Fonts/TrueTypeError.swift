/// Why a font file was refused. Every read from a font is bounds-checked and a bad file ends
/// in one of these, never in a crash: font files come from the system but are still untrusted bytes.
public enum TrueTypeError: Error, Equatable, Sendable {
    /// Neither a TrueType/OpenType file nor a collection.
    case notAFont
    /// A collection asked for a font index it does not have.
    case noSuchFontInCollection(index: Int, count: Int)
    /// A table the handout needs is absent (e.g. `glyf` in a CFF-outline OpenType font).
    case missingTable(String)
    /// A table, or a structure inside it, points outside the file.
    case outOfBounds(String)
    /// A value that makes no sense (e.g. zero units per em, offsets going backwards).
    case malformed(String)
}
