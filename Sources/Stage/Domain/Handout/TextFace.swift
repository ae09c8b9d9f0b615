/// The four Helvetica faces the handout uses, and the resource names pages refer to them by.
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

    var isBold: Bool { self == .bold || self == .boldItalic }

    /// The standard-14 font name; these need no embedding, every PDF reader has them.
    var baseFont: String {
        ["Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique"][rawValue]
    }

    var resourceName: String { "F\(rawValue + 1)" }

    func width(of bytes: some Sequence<UInt8>, size: Double) -> Double {
        HelveticaMetrics.width(of: bytes, bold: isBold, size: size)
    }
}
