/// Spells a laid-out page as a PDF content stream. Kept free of layout decisions.
enum PageContent {
    /// `imageNames[i]` is the resource name of slide i's picture (nil when it has none).
    static func stream(for page: HandoutPage, imageNames: [String?]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(page.marks.count * 48)
        func emit(_ text: String) { out.append(contentsOf: text.utf8) }
        let n = PDFSyntax.number
        for mark in page.marks {
            switch mark {
            case let .text(x, y, face, size, bytes, gray):
                emit("BT /\(face.resourceName) \(n(size)) Tf \(n(gray)) g \(n(x)) \(n(y)) Td ")
                out.append(contentsOf: PDFSyntax.literal(bytes))
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
}
