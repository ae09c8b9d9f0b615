import Foundation
import SafeXML

/// Checks done on the raw bytes before any XML parser sees them: the size, a DOCTYPE (`SafeXML`'s rule), and
/// whether it is XML at all.
enum XMLPreflight {
    static func check(_ data: Data) throws {
        if data.count > RunFormatLimits.maxBytes {
            throw RunFormatError.tooLarge(bytes: data.count, limit: RunFormatLimits.maxBytes)
        }
        if SafeXML.hasDoctype(data) { throw RunFormatError.doctypeRefused }
        if !XMLProlog.scan(data).looksLikeXML { throw RunFormatError.notXML }
    }
}
