/// Why a font file was refused. Font files come from the system but are still untrusted bytes:
/// HarfBuzz reads them bounds-checked, and a file it cannot use ends in one of these, never in a crash.
public enum FontError: Error, Equatable, Sendable {
    /// Neither a TrueType/OpenType file nor a collection.
    case notAFont
    /// A collection asked for a font index it does not have.
    case noSuchFontInCollection(index: Int, count: Int)
    /// A font with no glyphs or an impossible size (units per em under 16).
    case malformed(String)
}
