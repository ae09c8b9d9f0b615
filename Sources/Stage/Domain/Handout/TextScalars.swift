import Foundation

/// The characters of note text that get printed: composed (NFC, so "e" + accent is one
/// character fonts have), tabs and line breaks as spaces, and without controls or the
/// invisible format characters (joiners, variation selectors, direction marks) that no font
/// draws and that would otherwise be reported as missing.
enum TextScalars {
    static func printable(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: out.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            default:
                if scalar.properties.isDefaultIgnorableCodePoint { continue }
                out.append(scalar)
            }
        }
        return out
    }
}
