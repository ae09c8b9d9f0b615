import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Untrusted XML (a presentation's parts, a GPX or TCX file): one rule for refusing document type declarations,
/// and one way to make a parser.
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

    /// A parser over `data` that resolves no external entity. It reads the bytes as a stream: on Linux
    /// `XMLParser(data:)` hands libxml2 the whole buffer as one chunk, which fails ("parser error 1") past
    /// about 10 MB. Check `hasDoctype` first; the delegate should still refuse any DTD callback.
    public static func parser(for data: Data, namespaces: Bool) -> XMLParser {
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldProcessNamespaces = namespaces
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        return parser
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
