import Foundation
import SafeXML

/// What the start of a document holds, found without a parser.
struct XMLProlog {
    var rootName: String?
    var looksLikeXML = false

    static func scan(_ data: Data) -> XMLProlog {
        var result = XMLProlog()
        let prefix = data.prefix(64 * 1024)
        let text: String
        if prefix.starts(with: [0xFE, 0xFF]) || prefix.starts(with: [0xFF, 0xFE]) {
            text = String(data: Data(prefix.prefix(prefix.count & ~1)), encoding: .utf16) ?? ""  // UTF-16 files: decode before looking
        } else {
            text = String(decoding: prefix, as: UTF8.self)
        }
        var s = Substring(text)
        if s.first == "\u{FEFF}" { s = s.dropFirst() }
        while true {
            s = s.drop(while: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" })
            if s.hasPrefix("<?") {
                guard let end = s.range(of: "?>") else { return result }
                result.looksLikeXML = true
                s = s[end.upperBound...]
            } else if s.hasPrefix("<!--") {
                guard let end = s.range(of: "-->") else { return result }
                result.looksLikeXML = true
                s = s[end.upperBound...]
            } else if s.hasPrefix("<!") {
                // <!DOCTYPE …>: refused by SafeXML before this is asked.
                result.looksLikeXML = true
                return result
            } else if s.hasPrefix("<") {
                let name = s.dropFirst().prefix(while: { !($0 == " " || $0 == ">" || $0 == "/" || $0 == "\n" || $0 == "\r" || $0 == "\t") })
                if !name.isEmpty, let f = name.first, f.isLetter || f == "_" {
                    result.rootName = String(name)
                    result.looksLikeXML = true
                }
                return result
            } else {
                return result
            }
        }
    }
}
