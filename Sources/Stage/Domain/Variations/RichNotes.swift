import Foundation

/// Rich presenter notes (S5) as a small markup, so what is stored can never carry script:
/// `**bold**`, `*italic*`, `__underline__`, `~~strikethrough~~`, and lines starting with `- `
/// are bullets (two spaces of indent per extra level, up to three). Caption markers (`<C>…<c>`,
/// `<R>`) pass through untouched. Pages turn the markup into elements (never into HTML text).
///
/// `fromHTML` is the server-side sanitizer for what an editor sends: only b/strong, i/em, u,
/// s/strike/del, ul/ol/li, p/div/br survive (as markup); every other tag, attribute, script or
/// style content is dropped.
public enum RichNotes {
    /// Normalises markup: line ends, control characters out, trailing spaces off.
    public static func clean(_ markup: String) -> String {
        let unified = markup.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let filtered = String(String.UnicodeScalarView(unified.unicodeScalars.filter {
            $0 == "\n" || $0 == "\t" || !(CharacterSet.controlCharacters.contains($0))
        }))
        return filtered.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    public static func fromHTML(_ html: String) -> String {
        var out = ""
        var styles: [String] = []          // open inline markers, innermost last
        var listDepth = 0
        var skipping: String?              // inside <script> or <style>
        var index = html.startIndex
        func newline() { if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" } }
        while index < html.endIndex {
            // As browsers read it, "<" opens a tag only before a letter, "/" or "!"; otherwise it is text.
            let after = html.index(after: index)
            if html[index] == "<", after < html.endIndex, html[after].isASCII, html[after].isLetter || "/!".contains(html[after]),
               let close = html[index...].firstIndex(of: ">") {
                let inside = html[html.index(after: index)..<close].trimmingCharacters(in: .whitespaces)
                index = html.index(after: close)
                let closing = inside.hasPrefix("/")
                let name = inside.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if let skip = skipping {
                    if closing && name == skip { skipping = nil }
                    continue
                }
                if name == "c" || name == "r" {  // caption markers, kept as written
                    out += "<\(inside)>"
                    continue
                }
                let marker = ["b": "**", "strong": "**", "i": "*", "em": "*", "u": "__", "s": "~~", "strike": "~~", "del": "~~"][name]
                switch name {
                case "script", "style", "template", "iframe", "object":
                    if !closing { skipping = name }
                case _ where marker != nil:
                    out += marker!
                    if closing { if let last = styles.lastIndex(of: marker!) { styles.remove(at: last) } } else { styles.append(marker!) }
                case "ul", "ol":
                    listDepth = max(0, listDepth + (closing ? -1 : 1))
                    newline()
                case "li":
                    if !closing {
                        newline()
                        out += String(repeating: "  ", count: max(0, min(listDepth, 3) - 1)) + "- "
                    }
                case "br":
                    out += "\n"
                case "p", "div":
                    newline()
                default:
                    break
                }
                continue
            }
            // Text up to the next tag; a "<" that no ">" closes is text too ("x < y"), and is taken with it so the
            // loop always moves on.
            let next = html[html.index(after: index)...].firstIndex(of: "<") ?? html.endIndex
            if skipping == nil { out += decodeEntities(String(html[index..<next])).replacingOccurrences(of: "\n", with: " ") }
            index = next
        }
        for marker in styles.reversed() { out += marker }  // close what the editor left open
        return clean(out)
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = text
        for (entity, value) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'")] {
            result = result.replacingOccurrences(of: entity, with: value)
        }
        return result.replacingOccurrences(of: "&amp;", with: "&")
    }
}
