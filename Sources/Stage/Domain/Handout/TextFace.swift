/// The four faces the handout uses: regular, bold, italic, bold-italic. Embedded fonts are
/// given in this order (`HandoutFonts`); without them these are the standard Helvetica faces.
enum TextFace: Int, CaseIterable {
    case regular, bold, italic, boldItalic

    init(_ style: HandoutTextStyle) {
        switch (style.contains(.bold), style.contains(.italic)) {
        case (false, false): self = .regular
        case (true, false): self = .bold
        case (false, true): self = .italic
        case (true, true): self = .boldItalic
        }
    }

    /// The style that picks this face.
    var style: HandoutTextStyle {
        switch self {
        case .regular: []
        case .bold: .bold
        case .italic: .italic
        case .boldItalic: [.bold, .italic]
        }
    }

    var isBold: Bool { self == .bold || self == .boldItalic }

    /// This face, then the faces closest to it (same weight first), for characters it lacks.
    var substitutes: [TextFace] {
        switch self {
        case .regular: [.regular, .bold, .italic, .boldItalic]
        case .bold: [.bold, .regular, .boldItalic, .italic]
        case .italic: [.italic, .regular, .boldItalic, .bold]
        case .boldItalic: [.boldItalic, .bold, .italic, .regular]
        }
    }

    /// The standard-14 font name; these need no embedding, every PDF reader has them.
    var baseFont: String {
        ["Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique"][rawValue]
    }
}
