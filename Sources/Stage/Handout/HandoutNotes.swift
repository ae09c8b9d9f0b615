import Foundation

/// Presenter notes as handout paragraphs. Notes are plain text today: a line is a paragraph,
/// and a line that starts with a bullet ("•", "-", "*", "–") is a list item, indented one
/// level per tab or two spaces before it (how the PPTX import writes nested bullets).
/// Caption markers (`<C>…<c>`, `<R>`) are cues for the screens, not words: they are left out.
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
                let text = String(rest.dropFirst(2))
                return HandoutParagraph(text, bulletLevel: min(3, indent / 2 + 1))
            }
            return HandoutParagraph(String(rest), bulletLevel: 0)
        }
    }
}
