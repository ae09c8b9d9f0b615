import Foundation

/// Presenter notes as handout paragraphs. Notes are plain text today: a line is a paragraph,
/// and a line that starts with a bullet ("•", "-", "*", "–") is a list item, indented one
/// level per tab or two spaces before it (how the PPTX import writes nested bullets).
/// Caption markers (`<C>…<c>`, `<R>`) are cues for the screens, not words: they are left out.
/// Edited notes carry rich-notes markup (`RichNotes`): `**bold**`, `*italic*`, `__underline__`
/// and `~~strikethrough~~` become styled runs.
public enum HandoutNotes {
    public static func paragraphs(_ notes: String) -> [HandoutParagraph] {
        let text = ["<C>", "<c>", "<R>"].reduce(notes) { $0.replacingOccurrences(of: $1, with: "") }
        return text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            var indent = 0
            var rest = Substring(line)
            while let first = rest.first, first == "\t" || first == " " {
                indent += first == "\t" ? 2 : 1
                rest = rest.dropFirst()
            }
            guard !rest.isEmpty else { return nil }
            if let first = rest.first, "•-*–".contains(first), rest.dropFirst().first == " " {
                return HandoutParagraph(runs: runs(String(rest.dropFirst(2))), bulletLevel: min(3, indent / 2 + 1))
            }
            return HandoutParagraph(runs: runs(String(rest)), bulletLevel: 0)
        }
    }

    /// Styled runs from one line of markup. A marker without its closing twin is kept as text.
    static func runs(_ line: String) -> [HandoutRun] {
        var runs: [HandoutRun] = []
        var style: HandoutTextStyle = []
        var text = ""
        var rest = Substring(line)
        let markers: [(String, HandoutTextStyle)] = [("**", .bold), ("__", .underline), ("~~", .strikethrough), ("*", .italic)]
        func flush() {
            if !text.isEmpty { runs.append(HandoutRun(text, style: style)) }
            text = ""
        }
        scan: while !rest.isEmpty {
            for (marker, markerStyle) in markers where rest.hasPrefix(marker) {
                let opening = !style.contains(markerStyle)
                // Open only when the marker closes later on the line, so a lone "*" stays a star.
                if !opening || rest.dropFirst(marker.count).contains(marker) {
                    flush()
                    if opening { style.insert(markerStyle) } else { style.remove(markerStyle) }
                    rest = rest.dropFirst(marker.count)
                    continue scan
                }
            }
            text.append(rest.removeFirst())
        }
        flush()
        return runs.isEmpty ? [HandoutRun("")] : runs
    }
}
