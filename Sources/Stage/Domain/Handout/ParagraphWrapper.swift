
/// Breaks one rich-text paragraph into lines, one line at a time, so the caller can give
/// each line a different width (notes run beside the picture, then under it, then onto the
/// next page). Breaks at spaces, and between Chinese and Japanese characters, which are written
/// without spaces (never before closing punctuation such as "，" or "。", never after opening
/// brackets); a word longer than a whole line is split between characters so no text is ever
/// dropped. Runs of spaces collapse to one, as in HTML. Lines come back in
/// drawing order: right-to-left text (Hebrew, Arabic) is reordered after the line is chosen.
struct ParagraphWrapper {
    private struct Piece {
        var glyphs: [ShapedGlyph]
        var style: HandoutTextStyle
    }

    private struct Word {
        var pieces: [Piece]
        /// A space separates it from the word before (not so between CJK characters).
        var spaceBefore: Bool
    }

    private var words: [Word] = []
    private var next = 0
    private let typesetter: HandoutTypesetter
    let size: Double
    /// The paragraph reads right to left (its first strong character is Hebrew or Arabic): lines are right-aligned.
    let isRightToLeft: Bool

    init(_ paragraph: HandoutParagraph, size: Double, typesetter: HandoutTypesetter = .helvetica) {
        self.size = size
        self.typesetter = typesetter
        isRightToLeft = BidiClass.paragraphIsRightToLeft(paragraph.plainText)
        var current: [Piece] = []
        var spaceBefore = true
        var previous: ShapedGlyph?
        for run in paragraph.runs {
            var pending: [ShapedGlyph] = []
            func endWord(spaceAfter: Bool) {
                if !pending.isEmpty { current.append(Piece(glyphs: pending, style: run.style)) }
                pending = []
                if !current.isEmpty { words.append(Word(pieces: current, spaceBefore: spaceBefore)) }
                current = []
                spaceBefore = spaceAfter
            }
            for glyph in typesetter.glyphs(run.text, face: TextFace(run.style)) {
                if glyph.isSpace {
                    endWord(spaceAfter: true)
                    previous = nil
                    continue
                }
                if let previous, LineBreaks.allowed(between: previous, and: glyph) { endWord(spaceAfter: false) }
                pending.append(glyph)
                previous = glyph
            }
            if !pending.isEmpty { current.append(Piece(glyphs: pending, style: run.style)) }
        }
        if !current.isEmpty { words.append(Word(pieces: current, spaceBefore: spaceBefore)) }
    }

    var isFinished: Bool { next >= words.count }

    /// The next line that fits in `width` points, or nil when the paragraph is used up.
    mutating func nextLine(width: Double) -> [LineFragment]? {
        guard !isFinished else { return nil }
        var pieces: [Piece] = []
        var used = 0.0
        while next < words.count {
            var word = words[next].pieces
            if let previous = pieces.last, words[next].spaceBefore {
                // The space between two words takes only the styles both share, so an
                // underline or strikethrough never sticks out over a space.
                let style = previous.style.intersection(word[0].style)
                word.insert(Piece(glyphs: typesetter.glyphs(" ", face: TextFace(style)), style: style), at: 0)
            }
            let wordWidth = word.reduce(0) { $0 + $1.glyphs.width(size: size) }
            if used + wordWidth <= width {
                pieces += word
                used += wordWidth
                next += 1
            } else if pieces.isEmpty {
                // Wider than the whole line: take as many characters as fit (at least one).
                let (head, rest) = split(words[next].pieces, width: width)
                pieces = head
                words[next].pieces = rest
                break
            } else {
                break
            }
        }
        return place(pieces)
    }

    private func split(_ word: [Piece], width: Double) -> ([Piece], [Piece]) {
        var head: [Piece] = [], rest: [Piece] = []
        var used = 0.0
        for piece in word {
            guard rest.isEmpty else { rest.append(piece); continue }
            var taken: [ShapedGlyph] = []
            for (index, glyph) in piece.glyphs.enumerated() {
                let advance = glyph.width(size: size)
                if used + advance > width && !(head.isEmpty && taken.isEmpty) {
                    rest.append(Piece(glyphs: Array(piece.glyphs[index...]), style: piece.style))
                    break
                }
                taken.append(glyph)
                used += advance
            }
            if !taken.isEmpty { head.append(Piece(glyphs: taken, style: piece.style)) }
        }
        return (head, rest)
    }

    /// Puts the line's glyphs in drawing order, merges neighbours of one style (so an
    /// underline runs under the spaces between underlined words) and gives each its x offset.
    private func place(_ pieces: [Piece]) -> [LineFragment] {
        let styled = pieces.flatMap { piece in piece.glyphs.map { ($0, piece.style) } }
        let visual = BidiReordering.visualRuns(styled, rightToLeft: isRightToLeft) { $0.0.direction }
        var fragments: [LineFragment] = []
        var x = 0.0
        for ((logical, style), inRightToLeftRun) in visual {
            let glyph = inRightToLeftRun ? typesetter.mirrored(logical) : logical
            let width = glyph.width(size: size)
            if let last = fragments.last, last.style == style {
                fragments[fragments.count - 1].glyphs.append(glyph)
                fragments[fragments.count - 1].width += width
            } else {
                fragments.append(LineFragment(glyphs: [glyph], style: style, x: x, width: width))
            }
            x += width
        }
        return fragments
    }
}
