import Foundation
import SafeXML

/// Checks done on the raw bytes before any XML parser sees them: the size, a DOCTYPE (`SafeXML`'s rule), whether it
/// is XML at all, and whether its UTF-8 is valid.
enum XMLPreflight {
    static func check(_ data: Data) throws {
        if data.count > RunFormatLimits.maxBytes {
            throw RunFormatError.tooLarge(bytes: data.count, limit: RunFormatLimits.maxBytes)
        }
        if SafeXML.hasDoctype(data) { throw RunFormatError.doctypeRefused }
        if !XMLProlog.scan(data).looksLikeXML { throw RunFormatError.notXML }
        if let line = SafeXML.emptyProcessingInstruction(data) {
            throw RunFormatError.malformedXML(line: line, reason: "a processing instruction with nothing in it (<?name?>)")
        }
        if let bad = SafeXML.invalidUTF8(data) {
            throw RunFormatError.malformedXML(line: bad.line, reason: "byte \(bad.offset) is not UTF-8, which the file says it is written in")
        }
    }
}
