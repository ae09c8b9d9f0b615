/// Spells a laid-out page as a PDF content stream. Kept free of layout decisions.
enum PageContent {
    /// `imageNames[i]` is the resource name of slide i's picture (nil when it has none).
    /// `twoByteCodes`: the fonts are embedded Type0 fonts addressed by 2-byte glyph IDs, written as
    /// hex strings; otherwise they are Helvetica and the codes are WinAnsi bytes in a literal string.
    /// `toUnicode[font]`: what each code of an embedded font reads as (its ToUnicode map); a
    /// cluster its codes do not spell is wrapped in its own reading text (ActualText).
    static func stream(for page: HandoutPage, imageNames: [String?], twoByteCodes: Bool = false, toUnicode: [Int: [UInt16: String]] = [:]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(page.marks.count * 48)
        func emit(_ text: String) { out.append(contentsOf: text.utf8) }
        let n = PDFSyntax.number
        for mark in page.marks {
            switch mark {
            case let .text(x, y, font, size, glyphs, gray):
                emit("BT /\(resourceName(font)) \(n(size)) Tf \(n(gray)) g \(n(x)) \(n(y)) Td ")
                if twoByteCodes {
                    positioned(glyphs, size: size, toUnicode: toUnicode[font] ?? [:], into: &out)
                } else {
                    out.append(contentsOf: PDFSyntax.literal(glyphs.map { UInt8(truncatingIfNeeded: $0.code) }))
                    emit(" Tj")
                }
                emit(" ET\n")
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

    /// Shaped glyphs as the shaper placed them, in one TJ array: numbers between glyphs move the
    /// pen to where the shaper put each glyph (kerning, marks of no width, marks shifted sideways),
    /// and text rise lifts or lowers a glyph (a vowel mark over Arabic).
    ///
    /// A right-to-left cluster (a letter and its marks) is drawn last character first, as PDF
    /// readers expect of right-to-left text: they reverse it to reading order. A cluster whose
    /// glyphs' ToUnicode entries still do not spell its text (a conjunct, a pre-base vowel sign,
    /// a ligature, a bracket mirrored in right-to-left text) is marked with its text
    /// (`/Span << /ActualText … >> BDC … EMC`), so copying and search give back what was typed.
    private static func positioned(_ glyphs: [ShapedGlyph], size: Double, toUnicode: [UInt16: String], into out: inout [UInt8]) {
        func emit(_ text: String) { out.append(contentsOf: text.utf8) }
        func move(_ distance: Double) { if abs(distance) >= 0.005 { emit(PDFSyntax.number(-distance)) } }
        var rise = 0.0
        emit("[")
        for cluster in glyphs.clusterRanges {
            // Where each glyph goes, from the cluster's start, in 1/1000 of the font size.
            var x = 0.0
            var placed: [(glyph: ShapedGlyph, x: Double)] = []
            for glyph in glyphs[cluster] {
                placed.append((glyph, x + glyph.xOffset))
                x += glyph.advance
            }
            if glyphs[cluster.lowerBound].isRightToLeft { placed.reverse() }
            let text = glyphs[cluster].map(\.text).joined()
            let drawn = placed.map { toUnicode[$0.glyph.code] ?? "" }
            let spelled = (glyphs[cluster.lowerBound].isRightToLeft ? drawn.reversed() : drawn).joined()
            if spelled != text { emit("] TJ /Span << /ActualText \(PDFSyntax.textString(text)) >> BDC [") }
            var pen = 0.0
            for (glyph, at) in placed {
                if glyph.yOffset != rise {
                    emit("] TJ \(PDFSyntax.number(glyph.yOffset * size / 1000)) Ts [")
                    rise = glyph.yOffset
                }
                move(at - pen)
                out.append(contentsOf: PDFSyntax.hex([glyph.code]))
                pen = at + glyph.width
            }
            move(x - pen)
            if spelled != text { emit("] TJ EMC [") }
        }
        emit("] TJ")
        if rise != 0 { emit(" 0 Ts") }
    }

    /// The name pages use for font slot `index`.
    static func resourceName(_ index: Int) -> String { "F\(index + 1)" }
}
