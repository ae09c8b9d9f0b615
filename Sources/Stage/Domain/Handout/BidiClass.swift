/// The little of the Unicode bidirectional algorithm the handout needs: whether a character
/// reads right to left (Hebrew, Arabic), left to right, is a number (kept left to right even
/// inside right-to-left text), belongs to a number when it touches one ("3.5", "20 %") or
/// takes the direction of its neighbours (spaces, punctuation).
enum BidiClass: Equatable {
    case leftToRight, rightToLeft, number, neutral
    /// "." "," ":" "/" "+" "-": part of a number when it stands alone between two digits (rules W4, W6).
    case numberSeparator
    /// "%" "$" "#" "°" and currency signs: part of a number they touch (rules W5, W6).
    case numberTerminator

    init(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0660...0x0669, 0x06F0...0x06F9, 0x30...0x39: self = .number // Arabic-Indic and ASCII digits
        case 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x3A, 0x060C, 0x066B, 0x066C, 0x2212: self = .numberSeparator
        case 0x23, 0x24, 0x25, 0xA2...0xA5, 0xB0, 0xB1, 0x066A, 0x2030, 0x2031, 0x20A0...0x20CF: self = .numberTerminator
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
