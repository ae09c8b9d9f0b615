/// Spells a laid-out page as a PDF content stream. Kept free of layout decisions.
enum PageContent {
    /// `imageNames[i]` is the resource name of slide i's picture (nil when it has none).
    /// `twoByteCodes`: the fonts are embedded Type0 fonts addressed by 2-byte glyph IDs, written as
    /// hex strings; otherwise they are Helvetica and the codes are WinAnsi bytes in a literal string.
    static func stream(for page: HandoutPage, imageNames: [String?], twoByteCodes: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(page.marks.count * 48)
        func emit(_ text: String) { out.append(contentsOf: text.utf8) }
        let n = PDFSyntax.number
        for mark in page.marks {
            switch mark {
            case let .text(x, y, font, size, glyphs, gray):
                emit("BT /\(resourceName(font)) \(n(size)) Tf \(n(gray)) g \(n(x)) \(n(y)) Td ")
                if twoByteCodes {
                    out.append(contentsOf: PDFSyntax.hex(glyphs.map(\.code)))
                } else {
                    out.append(contentsOf: PDFSyntax.literal(glyphs.map { UInt8(truncatingIfNeeded: $0.code) }))
                }
                emit(" Tj ET\n")
            case let .line(x1, y1, x2, y2, width, gray):
                emit("\(n(gray)) G \(n(width)) w \(n(x1)) \(n(y1)) m \(n(x2)) \(n(y2)) l S\n")
            case let .box(x, y, width, height, fill, stroke):
                let rect = "\(n(x)) \(n(y)) \(n(width)) \(n(height)) re"
                switch (fill, stroke) {
                case let (fill?, stroke?): emit("\(n(fill)) g \(n(stroke)) G 0.5 w \(rect) B\n")
                case let (fill?, nil): emit("\(n(fill)) g \(rect) f\n")
                case let (nil, stroke?): emit("\(n(stroke)) G 0.5 w \(rect) S\n")
                case (nil, nil): break
                }
            case let .image(picture, x, y, width, height):
                guard let name = imageNames[picture] else { continue }
                emit("q \(n(width)) 0 0 \(n(height)) \(n(x)) \(n(y)) cm /\(name) Do Q\n")
            }
        }
        return out
    }

    /// The name pages use for font slot `index`.
    static func resourceName(_ index: Int) -> String { "F\(index + 1)" }
}
