
/// Breaks one rich-text paragraph into lines, one line at a time, so the caller can give
/// each line a different width (notes run beside the picture, then under it, then onto the
/// next page). Breaks at spaces; a word longer than a whole line is split between characters
/// so no text is ever dropped. Runs of spaces collapse to one, as in HTML.
struct ParagraphWrapper {
    private struct Piece {
        var bytes: [UInt8]
        var style: HandoutTextStyle
    }

    private typealias Word = [Piece]

    private var words: [Word] = []
    private var next = 0
    let size: Double

    init(_ paragraph: HandoutParagraph, size: Double) {
        self.size = size
        var current: Word = []
        for run in paragraph.runs {
            var pending: [UInt8] = []
            for byte in WinAnsi.encode(run.text) {
                if byte == 0x20 {
                    if !pending.isEmpty { current.append(Piece(bytes: pending, style: run.style)) }
                    pending = []
                    if !current.isEmpty { words.append(current) }
                    current = []
                } else {
                    pending.append(byte)
                }
            }
            if !pending.isEmpty { current.append(Piece(bytes: pending, style: run.style)) }
        }
        if !current.isEmpty { words.append(current) }
    }

    var isFinished: Bool { next >= words.count }

    /// The next line that fits in `width` points, or nil when the paragraph is used up.
    mutating func nextLine(width: Double) -> [LineFragment]? {
        guard !isFinished else { return nil }
        var pieces: [Piece] = []
        var used = 0.0
        while next < words.count {
            var word = words[next]
            if let previous = pieces.last {
                // The space between two words takes only the styles both share, so an
                // underline or strikethrough never sticks out over a space.
                word.insert(Piece(bytes: [0x20], style: previous.style.intersection(word[0].style)), at: 0)
            }
            let wordWidth = word.reduce(0) { $0 + TextFace($1.style).width(of: $1.bytes, size: size) }
            if used + wordWidth <= width {
                pieces += word
                used += wordWidth
                next += 1
            } else if pieces.isEmpty {
                // Wider than the whole line: take as many characters as fit (at least one).
                let (head, rest) = split(words[next], width: width)
                pieces = head
                words[next] = rest
                break
            } else {
                break
            }
        }
        return place(pieces)
    }

    private func split(_ word: Word, width: Double) -> (Word, Word) {
        var head: Word = [], rest: Word = []
        var used = 0.0
        for piece in word {
            guard rest.isEmpty else { rest.append(piece); continue }
            let face = TextFace(piece.style)
            var taken: [UInt8] = []
            for (index, byte) in piece.bytes.enumerated() {
                let advance = face.width(of: [byte], size: size)
                if used + advance > width && !(head.isEmpty && taken.isEmpty) {
                    rest.append(Piece(bytes: Array(piece.bytes[index...]), style: piece.style))
                    break
                }
                taken.append(byte)
                used += advance
            }
            if !taken.isEmpty { head.append(Piece(bytes: taken, style: piece.style)) }
        }
        return (head, rest)
    }

    /// Merges neighbouring pieces of one style (so an underline runs under the spaces between
    /// underlined words) and gives each its x offset.
    private func place(_ pieces: [Piece]) -> [LineFragment] {
        var fragments: [LineFragment] = []
        var x = 0.0
        for piece in pieces {
            let width = TextFace(piece.style).width(of: piece.bytes, size: size)
            if let last = fragments.last, last.style == piece.style {
                fragments[fragments.count - 1].bytes += piece.bytes
                fragments[fragments.count - 1].width += width
            } else {
                fragments.append(LineFragment(bytes: piece.bytes, style: piece.style, x: x, width: width))
            }
            x += width
        }
        return fragments
    }
}
