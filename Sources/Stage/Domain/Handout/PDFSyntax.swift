import Foundation

/// Small helpers that spell PDF tokens, kept in one place so escaping is never done twice.
enum PDFSyntax {
    /// A literal string `( … )` of WinAnsi bytes. `(`, `)` and `\` are escaped so notes can
    /// contain them; bytes outside printable ASCII are written as octal so the file stays
    /// ASCII apart from image streams (safe to diff and to grep).
    static func literal(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x28]
        out.reserveCapacity(bytes.count + 2)
        for byte in bytes {
            switch byte {
            case 0x28, 0x29, 0x5C:
                out.append(0x5C)
                out.append(byte)
            case 0x20...0x7E:
                out.append(byte)
            default:
                out.append(0x5C)
                out.append(0x30 + (byte >> 6))
                out.append(0x30 + ((byte >> 3) & 7))
                out.append(0x30 + (byte & 7))
            }
        }
        out.append(0x29)
        return out
    }

    /// A literal string from Swift text, through WinAnsi.
    static func literal(_ text: String) -> [UInt8] { literal(WinAnsi.encode(text)) }

    /// A hex string `<…>` of 2-byte codes (glyph IDs under /Identity-H).
    static func hex(_ codes: [UInt16]) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [0x3C]
        out.reserveCapacity(codes.count * 4 + 2)
        for code in codes {
            for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int(code >> UInt16(shift) & 0xF)]) }
        }
        out.append(0x3E)
        return out
    }

    /// A number with at most two decimals and no exponent: content streams need no more
    /// precision than 1/100 pt, and shorter numbers keep pages small.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

extension PDFSyntax {
    /// A text string for the document information dictionary. Those use PDFDocEncoding,
    /// not WinAnsi, so UTF-16BE with a byte-order mark is the one spelling that shows every
    /// title correctly in a reader's document properties.
    static func textString(_ text: String) -> String {
        var hex = "<FEFF"
        for unit in text.utf16 { hex += String(format: "%04X", unit) }
        return hex + ">"
    }
}
