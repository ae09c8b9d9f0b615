import Foundation

/// Small helpers the writers share: escaping and number text that schemas accept.
enum XMLText {
    /// Escapes the five XML specials, and drops control characters XML 1.0 forbids
    /// (a run name pasted from elsewhere must not make the file unreadable).
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = u.value
                if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D { continue }
                if v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Fixed-point text with at most `decimals` digits, trailing zeros trimmed.
    /// Never exponent notation: `xsd:decimal` (GPX lat/lon/ele) rejects `1e-05`.
    static func number(_ v: Double, decimals: Int) -> String {
        var s = String(format: "%.\(decimals)f", v)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        if s == "-0" { s = "0" }
        return s
    }
}
