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
    /// True when `<!DOCTYPE` (any case) stands anywhere in the document: UTF-8, or UTF-16 with its byte-order mark.
    /// Anywhere, not only in the prolog, so that no reading of where the prolog ends can let one through.
    public static func hasDoctype(_ data: Data) -> Bool {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            let encoding: String.Encoding = data.starts(with: [0xFF, 0xFE]) ? .utf16LittleEndian : .utf16BigEndian
            return String(data: data, encoding: encoding)?.range(of: "<!DOCTYPE", options: .caseInsensitive) != nil
        }
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

    /// `needle` is lower-case ASCII; bytes of `haystack` are compared with ASCII letters folded.
    private static func containsCaseInsensitive(_ haystack: Data, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            let last = bytes.count - needle.count
            var index = 0
            while index <= last {
                // "<" is not a letter: find it quickly, then compare the rest.
                guard let found = bytes[index...last].firstIndex(of: first) else { return false }
                var matched = true
                for offset in 1..<needle.count where lower(bytes[found + offset]) != needle[offset] {
                    matched = false
                    break
                }
                if matched { return true }
                index = found + 1
            }
            return false
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
