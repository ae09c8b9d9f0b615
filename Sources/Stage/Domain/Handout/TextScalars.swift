import Foundation

/// The characters of note text that get printed: composed (NFC, so "e" + accent is one
/// character fonts have), tabs and line breaks as spaces, without controls.
enum TextScalars {
    /// For Helvetica, which draws one character at a time: also without the invisible format
    /// characters (joiners, variation selectors, direction marks) no font draws.
    static func printable(_ text: String) -> [Unicode.Scalar] {
        shapeable(text).filter { !$0.properties.isDefaultIgnorableCodePoint }
    }

    /// For the shaper, which needs the joiners (ZWNJ in Persian "می‌خواهم", ZWJ in Indic
    /// conjuncts), variation selectors and direction marks, and hides them itself.
    static func shapeable(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: out.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            default: out.append(scalar)
            }
        }
        return out
    }
}
