/// Breaks one rich-text paragraph into lines, one line at a time, so the caller can give
/// each line a different width (notes run beside the picture, then under it, then onto the
/// next page). Lines end where Unicode's line breaking rules allow (`LineBreakOpportunities`:
/// spaces, between CJK characters, inside Thai words by dictionary); a word longer than a
/// whole line is split between clusters so no text is ever dropped. Runs of spaces collapse to
/// one, as in HTML. Each line comes back in drawing order: right-to-left runs reordered after
/// the line is chosen, as the bidi algorithm asks.
struct ParagraphWrapper {
    private let paragraph: ShapedParagraph
    private let typesetter: HandoutTypesetter
    /// The next offset to place (never a space).
    private var position = 0
    /// Index into `paragraph.breaks` of the first break after `position`.
    private var nextBreak = 0
    let size: Double

    /// The paragraph reads right to left (its first strong character is Hebrew or Arabic): lines are right-aligned.
    var isRightToLeft: Bool { paragraph.isRightToLeft }

    init(_ paragraph: HandoutParagraph, size: Double, typesetter: HandoutTypesetter = .helvetica) {
        self.size = size
        self.typesetter = typesetter
        self.paragraph = typesetter.shape(paragraph)
    }

    var isFinished: Bool { position >= paragraph.units.count }

    /// The next line that fits in `width` points, or nil when the paragraph is used up.
    mutating func nextLine(width: Double) -> TypesetLine? {
        guard !isFinished else { return nil }
        let limit = width * 1000 / size
        let start = position
        var end = start, contentEnd = start
        while nextBreak < paragraph.breaks.count, paragraph.breaks[nextBreak] <= start { nextBreak += 1 }
        var candidate = nextBreak
        while candidate < paragraph.breaks.count {
            let breakAt = paragraph.breaks[candidate]
            var trimmed = breakAt
            while trimmed > start, paragraph.isSpace(at: trimmed - 1) { trimmed -= 1 }
            guard paragraph.advance(start..<trimmed) <= limit else { break }
            end = breakAt
            contentEnd = trimmed
            candidate += 1
        }
        if end == start {
            // Wider than the whole line: take as many clusters as fit (at least one).
            contentEnd = split(from: start, limit: limit)
            end = contentEnd
        }
        position = end
        while paragraph.isSpace(at: position) { position += 1 }
        return typesetter.line(paragraph, start..<contentEnd, size: size)
    }

    /// Where a line must end that starts at `start` and cannot reach the next break.
    private func split(from start: Int, limit: Double) -> Int {
        let starts = paragraph.clusterStarts
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= start { low = middle + 1 } else { high = middle }
        }
        var end = low < starts.count ? starts[low] : paragraph.units.count
        for index in low..<starts.count {
            guard paragraph.advance(start..<starts[index]) <= limit else { break }
            end = starts[index]
        }
        return end
    }
}
