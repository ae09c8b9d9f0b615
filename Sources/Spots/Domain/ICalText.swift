import Foundation

/// TEXT values, parameter values, folding.
enum ICalText {
    /// RFC 5545 §3.3.11: `\\` `\;` `\,` `\n` `\N`. Unknown escapes keep the escaped character.
    static func unescape(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var out = String.UnicodeScalarView()
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                switch scalar {
                case "n", "N": out.append("\n")
                default: out.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.append(scalar)
            }
        }
        if escaping { out.append("\\") }
        return String(out)
    }

    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case ";": out.append(contentsOf: "\\;".unicodeScalars)
            case ",": out.append(contentsOf: "\\,".unicodeScalars)
            case "\r": out.append(contentsOf: "\\n".unicodeScalars)
            case "\n": if !previousWasCR { out.append(contentsOf: "\\n".unicodeScalars) }
            default:
                // Other control characters are not allowed in TEXT (RFC 5545 §3.3.11), except HTAB.
                if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F { break }
                out.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return String(out)
    }

    /// A parameter value in wire form: quoted when it contains ':' ';' or ','. DQUOTE and control
    /// characters cannot appear in a parameter value (RFC 5545 §3.1) and are dropped; use
    /// `caretEncode` first to keep them (RFC 6868).
    static func parameterValue(_ value: String) -> String {
        let cleaned = String(String.UnicodeScalarView(value.unicodeScalars.filter {
            $0 != "\"" && ($0.value >= 0x20 || $0 == "\t") && $0.value != 0x7F
        }))
        if cleaned.unicodeScalars.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) {
            return "\"" + cleaned + "\""
        }
        return cleaned
    }

    /// RFC 6868: `^^` → `^`, `^n` → newline, `^'` → `"`.
    static func caretDecode(_ value: String) -> String {
        guard value.contains("^") else { return value }
        var out = String.UnicodeScalarView()
        var pending = false
        for scalar in value.unicodeScalars {
            if pending {
                switch scalar {
                case "^": out.append("^")
                case "n", "N": out.append("\n")
                case "'": out.append("\"")
                default: out.append("^"); out.append(scalar)
                }
                pending = false
            } else if scalar == "^" {
                pending = true
            } else {
                out.append(scalar)
            }
        }
        if pending { out.append("^") }
        return String(out)
    }

    static func caretEncode(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "^": out.append(contentsOf: "^^".unicodeScalars)
            case "\n": out.append(contentsOf: "^n".unicodeScalars)
            case "\"": out.append(contentsOf: "^'".unicodeScalars)
            case "\r": break
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Folds one logical line at 75 octets (RFC 5545 §3.1) without splitting a UTF-8 sequence;
    /// continuation lines start with a space. Lines are joined with CRLF, no trailing CRLF.
    static func fold(_ line: String, limit: Int = 75) -> String {
        if line.utf8.count <= limit { return line }
        var out = ""
        out.reserveCapacity(line.utf8.count + line.utf8.count / 70 * 3)
        var octets = 0
        var lineLimit = limit
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > lineLimit {
                out += "\r\n "
                octets = 0
                lineLimit = limit - 1  // the leading space counts
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out
    }

    /// Shortens to `maximum` characters, ending in "…".
    static func shorten(_ text: String, to maximum: Int) -> String {
        if text.count <= maximum { return text }
        return String(text.prefix(maximum - 1)).trimmingCharacters(in: .whitespacesAndNewlines) + "…"
    }

    /// A number as iCalendar and geo: URIs want it: no exponent, shortest exact form when possible.
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        let plain = "\(value)"
        if !plain.contains("e") && !plain.contains("E") { return plain }
        var fixed = String(format: "%.10f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }
}
