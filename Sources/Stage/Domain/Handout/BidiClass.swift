/// The little of the Unicode bidirectional algorithm the handout needs: whether a character
/// reads right to left (Hebrew, Arabic), left to right, is a number (kept left to right even
/// inside right-to-left text) or takes the direction of its neighbours (spaces, punctuation).
enum BidiClass: Equatable {
    case leftToRight, rightToLeft, number, neutral

    init(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0660...0x0669, 0x06F0...0x06F9, 0x30...0x39: self = .number // Arabic-Indic and ASCII digits
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: self = .rightToLeft
        default: self = scalar.properties.isAlphabetic || scalar.properties.numericType != nil ? .leftToRight : .neutral
        }
    }

    /// The direction of a paragraph: that of its first strong character (rule P2), else left to right.
    static func paragraphIsRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch BidiClass(scalar) {
            case .rightToLeft: return true
            case .leftToRight: return false
            default: continue
            }
        }
        return false
    }
}
