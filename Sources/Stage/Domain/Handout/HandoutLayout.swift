/// Places the title page and the slides onto pages.
///
/// Each slide gets a heading, its picture at the left (a share of the text width, aspect
/// kept, never taller than 3/4 of its width) and its notes to the right; notes that outlast
/// the picture continue at full width beneath it, and onto following pages under a
/// "(continued)" heading, so no text is ever dropped. A slide starts on a new page when its
/// heading and picture no longer fit or the page already holds the maximum number of slides.
struct HandoutLayout {
    private let options: HandoutOptions
    private let typesetter: HandoutTypesetter
    private let pageWidth: Double
    private let pageHeight: Double
    private let left = 50.0
    private let contentWidth: Double
    private let top: Double
    private let bottom = 58.0
    private let gutter = 16.0
    private let headingSize = 12.5
    private var bodySize: Double { options.fontSize }
    private var lineHeight: Double { options.fontSize * 1.38 }

    private var pages: [HandoutPage] = []
    private var y = 0.0
    private var slidesOnPage = 0

    init(options: HandoutOptions, typesetter: HandoutTypesetter = .helvetica) {
        self.options = options
        self.typesetter = typesetter
        (pageWidth, pageHeight) = options.paper.points
        contentWidth = pageWidth - 2 * left
        top = pageHeight - 54
    }

    /// `pictures[i]` is slide i's prepared picture (nil: the slide has none).
    mutating func layOut(_ document: HandoutDocument, pictures: [PDFImage.Outcome?]) -> [HandoutPage] {
        pages = []
        titlePage(document)
        for (index, slide) in document.slides.enumerated() {
            place(slide, index: index, picture: pictures[index])
        }
        addPageNumbers()
        return pages
    }

    // MARK: - Title page

    private mutating func titlePage(_ document: HandoutDocument) {
        newPage()
        y = pageHeight * 0.64
        centered(document.title, style: .bold, size: 26, gray: 0)
        y -= 10
        if let subtitle = document.subtitle, !subtitle.isEmpty {
            centered(subtitle, style: [], size: 14, gray: 0.25)
            y -= 6
        }
        let count = document.slides.count
        let slides = count == 1 ? options.labels.slide : options.labels.slides
        append(.line(x1: pageWidth / 2 - 60, y1: y - 4, x2: pageWidth / 2 + 60, y2: y - 4, width: 0.75, gray: 0.6))
        y -= 14
        centered("\(count) \(slides.lowercased())", style: [], size: 11, gray: 0.4)
    }

    /// Wrapped lines centred on the page, moving `y` down.
    private mutating func centered(_ text: String, style: HandoutTextStyle, size: Double, gray: Double) {
        var wrapper = ParagraphWrapper(HandoutParagraph(runs: [HandoutRun(text, style: style)]), size: size, typesetter: typesetter)
        while let line = wrapper.nextLine(width: contentWidth) {
            y -= size * 1.25
            draw(line, x: (pageWidth - line.width) / 2, baseline: y, size: size, gray: gray)
        }
    }

    // MARK: - Slides

    private mutating func place(_ slide: HandoutSlide, index: Int, picture: PDFImage.Outcome?) {
        let box = pictureSize(picture)
        let needed = headingSize * 1.4 + 6 + max(box.height, slide.notes.isEmpty ? 0 : lineHeight * 2) + 12
        if pages.count == 1 || slidesOnPage >= options.maximumSlidesPerPage || y - needed < bottom {
            newPage()
        } else {
            append(.line(x1: left, y1: y - 9, x2: left + contentWidth, y2: y - 9, width: 0.5, gray: 0.8))
            y -= 20
        }
        slidesOnPage += 1

        var heading = [HandoutRun("\(options.labels.slide) \(slide.number)", style: .bold)]
        if let title = slide.title, !title.isEmpty { heading.append(HandoutRun(" — \(title)", style: .bold)) }
        headingLines(HandoutParagraph(runs: heading), gray: 0)
        y -= 6

        var pictureBottom = y
        if let picture {
            drawPicture(picture, index: index, size: box)
            pictureBottom = y - box.height
        }
        // Width the notes keep clear at the left; zero once they have moved past the picture's page.
        var pictureWidth = picture == nil ? 0 : box.width

        for paragraph in slide.notes {
            var wrapper = ParagraphWrapper(paragraph, size: bodySize, typesetter: typesetter)
            let indent = Double(paragraph.bulletLevel) * 16
            var first = true
            if wrapper.isFinished { y -= lineHeight * 0.5 } // an empty paragraph is a blank line
            while !wrapper.isFinished {
                if y - lineHeight < bottom {
                    newPage()
                    headingLines(HandoutParagraph(runs: [HandoutRun(
                        "\(options.labels.slide) \(slide.number) (\(options.labels.continued))", style: .italic)]), gray: 0.45)
                    y -= 4
                    pictureBottom = y
                    pictureWidth = 0
                }
                // Beside the picture while the line starts above its bottom edge (plus a gap).
                let beside = pictureWidth > 0 && y > pictureBottom - 8
                let x = beside ? left + pictureWidth + gutter : left
                let width = (beside ? contentWidth - pictureWidth - gutter : contentWidth) - indent
                guard let line = wrapper.nextLine(width: width) else { break }
                let baseline = y - bodySize * 1.02
                // Right-to-left paragraphs hang from the right edge, with the indent and bullet on that side.
                let rtl = wrapper.isRightToLeft
                if first && paragraph.bulletLevel > 0 {
                    let bullet = typesetter.glyphs(["•", "–", "·"][paragraph.bulletLevel - 1], face: .regular)
                    let bulletX = rtl ? x + width + 10 - bullet.width(size: bodySize) : x + indent - 10
                    drawGlyphs(bullet, x: bulletX, baseline: baseline, size: bodySize, gray: 0.1)
                }
                draw(line, x: rtl ? x + width - line.width : x + indent, baseline: baseline, size: bodySize, gray: 0.1)
                y -= lineHeight
                first = false
            }
            y -= bodySize * 0.4
        }
        if pictureBottom < y { y = pictureBottom }
        y -= 4
    }

    private mutating func headingLines(_ paragraph: HandoutParagraph, gray: Double) {
        var wrapper = ParagraphWrapper(paragraph, size: headingSize, typesetter: typesetter)
        while let line = wrapper.nextLine(width: contentWidth) {
            let x = wrapper.isRightToLeft ? left + contentWidth - line.width : left
            draw(line, x: x, baseline: y - headingSize, size: headingSize, gray: gray)
            y -= headingSize * 1.4
        }
    }

    /// The picture's drawn size: fitted into width × 3/4 width, keeping its aspect ratio.
    private func pictureSize(_ picture: PDFImage.Outcome?) -> (width: Double, height: Double) {
        let boxWidth = contentWidth * options.pictureWidthShare
        switch picture {
        case nil: return (0, 0)
        case .missing: return (boxWidth, boxWidth * 9 / 16)
        case .image(let image)?:
            let scale = min(boxWidth / Double(image.width), boxWidth * 0.75 / Double(image.height))
            return (Double(image.width) * scale, Double(image.height) * scale)
        }
    }

    private mutating func drawPicture(_ picture: PDFImage.Outcome, index: Int, size: (width: Double, height: Double)) {
        let bottomY = y - size.height
        switch picture {
        case .image:
            append(.image(picture: index, x: left, y: bottomY, width: size.width, height: size.height))
            append(.box(x: left, y: bottomY, width: size.width, height: size.height, fill: nil, stroke: 0.75))
        case .missing(let reason):
            append(.box(x: left, y: bottomY, width: size.width, height: size.height, fill: 0.9, stroke: 0.75))
            let size9 = 9.0
            var wrapper = ParagraphWrapper(HandoutParagraph(runs: [HandoutRun(reason, style: .italic)]), size: size9, typesetter: typesetter)
            var lines: [TypesetLine] = []
            while lines.count < 4, let line = wrapper.nextLine(width: size.width - 16) { lines.append(line) }
            var baseline = bottomY + size.height / 2 + Double(lines.count) * size9 * 1.3 / 2 - size9
            for line in lines {
                draw(line, x: left + (size.width - line.width) / 2, baseline: baseline, size: size9, gray: 0.35)
                baseline -= size9 * 1.3
            }
        }
    }

    // MARK: - Marks

    /// Draws one line's fragments, with underline and strikethrough as thin rules.
    private mutating func draw(_ line: TypesetLine, x: Double, baseline: Double, size: Double, gray: Double) {
        for fragment in line.fragments {
            let fx = x + fragment.x
            drawGlyphs(fragment.glyphs, x: fx, baseline: baseline, size: size, gray: gray)
            let thickness = HelveticaMetrics.underlineThickness * size
            if fragment.style.contains(.underline) {
                let ly = baseline + HelveticaMetrics.underlinePosition * size
                append(.line(x1: fx, y1: ly, x2: fx + fragment.width, y2: ly, width: thickness, gray: gray))
            }
            if fragment.style.contains(.strikethrough) {
                let ly = baseline + HelveticaMetrics.xHeight * size / 2
                append(.line(x1: fx, y1: ly, x2: fx + fragment.width, y2: ly, width: thickness, gray: gray))
            }
        }
    }

    /// One text mark per stretch of glyphs from one font (a line may mix a face and a CJK fallback).
    private mutating func drawGlyphs(_ glyphs: [ShapedGlyph], x: Double, baseline: Double, size: Double, gray: Double) {
        var x = x
        var start = 0
        while start < glyphs.count {
            var end = start + 1
            while end < glyphs.count, glyphs[end].font == glyphs[start].font { end += 1 }
            let stretch = Array(glyphs[start..<end])
            append(.text(x: x, y: baseline, font: glyphs[start].font, size: size, glyphs: stretch, gray: gray))
            x += stretch.width(size: size)
            start = end
        }
    }

    private mutating func newPage() {
        pages.append(HandoutPage())
        y = top
        slidesOnPage = 0
    }

    private mutating func append(_ mark: HandoutPage.Mark) {
        pages[pages.count - 1].marks.append(mark)
    }

    /// "n / N" centred at the foot of every page, title page included. The three parts are
    /// placed half an em apart: with plain spaces, pdftotext reads the number as "1/2".
    private mutating func addPageNumbers() {
        let size = 9.0, gap = size * 0.5
        for index in pages.indices {
            let parts = ["\(index + 1)", "/", "\(pages.count)"].map { typesetter.glyphs($0, face: .regular) }
            let widths = parts.map { $0.width(size: size) }
            var x = (pageWidth - widths.reduce(0, +) - 2 * gap) / 2
            for (part, width) in zip(parts, widths) {
                pages[index].marks.append(.text(x: x, y: 30, font: part.first?.font ?? 0, size: size, glyphs: part, gray: 0.4))
                x += width + gap
            }
        }
    }
}
