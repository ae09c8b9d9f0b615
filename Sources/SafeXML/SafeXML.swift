import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Untrusted XML (a presentation's parts, a GPX or TCX file, a CalDAV request): the checks on its bytes, and the one
/// reader (`read`, and `tree` over it) every feature parses with.
///
/// A DOCTYPE is refused before any parser sees the bytes, because that is the only way to be sure no DTD (entity
/// expansion, external entities) is processed, whatever the platform's XMLParser does with
/// `shouldResolveExternalEntities`. None of the formats Cadence reads needs one.
public enum SafeXML {
    /// How deep elements may nest in a tree built from untrusted XML. A tree's values are released recursively, so
    /// 50,000 nested elements (550 KB) overflow the stack; no format Cadence reads nests past a few dozen
    /// (DrawingML group shapes are the deepest), and libxml2's own default limit is 256.
    public static let maximumDepth = 256

    /// True when `<!DOCTYPE` (any case) stands anywhere in the document: UTF-8, UTF-16 or UTF-32, with or without a
    /// byte-order mark (libxml2 detects UTF-16 from `<?` alone, so a check that needs the mark leaves a gap).
    /// Anywhere, not only in the prolog, so that no reading of where the prolog ends can let one through.
    /// A document in EBCDIC, which libxml2 also reads, counts as having one: no format Cadence reads uses it.
    public static func hasDoctype(_ data: Data) -> Bool {
        if data.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) { return true }
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]),
           !data.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            let encoding: String.Encoding = data.starts(with: [0xFF, 0xFE]) ? .utf16LittleEndian : .utf16BigEndian
            if String(data: data, encoding: encoding)?.range(of: "<!DOCTYPE", options: .caseInsensitive) != nil { return true }
        }
        // XML allows no NUL character, so skipping NUL bytes reads the ASCII of UTF-16 and UTF-32 in either order.
        return containsCaseInsensitive(data, Array("<!doctype".utf8))
    }

    /// Where a document that is UTF-8 (no byte-order mark of another encoding, no single-byte `encoding=` declared)
    /// stops being valid UTF-8: the byte's offset and its line (from 1); nil when it is valid, or in another encoding.
    /// Checked before parsing because FoundationXML traps (the process stops) on an element or attribute name that
    /// is not valid UTF-8, which libxml2 passes on: the fuzzer's first find (`<Distance\u{CD}eters>` in a TCX).
    public static func invalidUTF8(_ data: Data) -> (offset: Int, line: Int)? {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0, 0]) { return nil }
        if data.count > 1, data[data.startIndex] == 0 || data[data.startIndex + 1] == 0 { return nil }  // UTF-16 without a mark
        // A single-byte encoding libxml2 converts makes any byte valid; any other name (UTF-8, ASCII, one libxml2 does
        // not know, which it then reads as UTF-8 anyway: the fuzzer's second find) is held to UTF-8.
        if let declared = declaredEncoding(data), singleByteEncodings.contains(declared) { return nil }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (offset: Int, line: Int)? in
            var index = 0
            var line = 1
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0x80 {
                    if lead == 0x0A { line += 1 }
                    index += 1
                    continue
                }
                let length: Int, lowest: UInt32
                switch lead {
                case 0xC2...0xDF: (length, lowest) = (2, 0x80)
                case 0xE0...0xEF: (length, lowest) = (3, 0x800)
                case 0xF0...0xF4: (length, lowest) = (4, 0x10000)
                default: return (index, line)
                }
                guard index + length <= bytes.count else { return (index, line) }
                var scalar = UInt32(lead) & (0xFF >> (length + 1))
                for offset in 1..<length {
                    let next = bytes[index + offset]
                    guard next & 0xC0 == 0x80 else { return (index, line) }
                    scalar = scalar << 6 | UInt32(next & 0x3F)
                }
                guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return (index, line) }
                index += length
            }
            return nil
        }
    }

    /// The line of a processing instruction with no data (`<?x?>`, `<?x ?>`), or nil. FoundationXML hands such an
    /// instruction's missing data to `strlen` and the process stops (a null pointer: the fuzzer's fourth find); no
    /// format Cadence reads has one (`<?xml-stylesheet href=…?>` and `<?mso-application …?>` have data). Like the
    /// DOCTYPE check it looks everywhere, NUL bytes skipped, so UTF-16 is read too.
    public static func emptyProcessingInstruction(_ data: Data) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let bytes = raw.filter { $0 != 0 }
            var line = 1
            var index = 0
            while index + 1 < bytes.count {
                if bytes[index] == 0x0A { line += 1 }
                guard bytes[index] == 0x3C, bytes[index + 1] == 0x3F else { index += 1; continue }  // "<?"
                var at = index + 2
                while at < bytes.count, !isSpace(bytes[at]), bytes[at] != 0x3F { at += 1 }  // the target's name
                guard at > index + 2 else { index += 2; continue }
                while at < bytes.count, isSpace(bytes[at]) { at += 1 }
                if at + 1 < bytes.count, bytes[at] == 0x3F, bytes[at + 1] == 0x3E { return line }  // "?>" at once
                index += 2
            }
            return nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Single-byte encodings libxml2 converts to UTF-8 itself, by their exact names (a prefix let `latinutf:sync--8`
    /// through: the fuzzer's third find).
    static let singleByteEncodings: Set<String> = {
        var names: Set<String> = []
        for n in 1...16 { names.formUnion(["iso-8859-\(n)", "iso8859-\(n)", "iso_8859-\(n)", "iso8859\(n)"]) }
        for n in 1...10 { names.formUnion(["latin\(n)", "latin-\(n)", "l\(n)"]) }
        for n in 0...8 { names.formUnion(["windows-125\(n)", "cp125\(n)"]) }
        return names
    }()

    /// The `encoding` of the XML declaration, lower-cased, when the document starts with one.
    private static func declaredEncoding(_ data: Data) -> String? {
        let head = String(decoding: data.prefix(256), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.range(of: "?>"),
              let key = head.range(of: "encoding", range: head.startIndex..<end.lowerBound) else { return nil }
        let rest = head[key.upperBound..<end.lowerBound].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote }).lowercased()
    }

    /// `needle` is lower-case ASCII; bytes of `haystack` are compared with ASCII letters folded and NUL bytes skipped.
    private static func containsCaseInsensitive(_ haystack: Data, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var index = 0
            while index < bytes.count {
                // "<" is not a letter: find it quickly, then compare the rest.
                guard let found = bytes[index...].firstIndex(of: first) else { return false }
                var position = found + 1
                var matched = 1
                while matched < needle.count, position < bytes.count {
                    let byte = bytes[position]
                    position += 1
                    if byte == 0 { continue }
                    guard lower(byte) == needle[matched] else { break }
                    matched += 1
                }
                if matched == needle.count { return true }
                index = found + 1
            }
            return false
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
