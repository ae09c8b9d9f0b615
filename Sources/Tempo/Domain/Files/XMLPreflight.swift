import Foundation

/// Checks done on the raw bytes before the reader sees them: the size, and whether it is XML at all (the reader
/// checks the rest: a DOCTYPE, UTF-8, empty processing instructions).
enum XMLPreflight {
    static func check(_ data: Data) throws {
        if data.count > RunFormatLimits.maxBytes {
            throw RunFormatError.tooLarge(bytes: data.count, limit: RunFormatLimits.maxBytes)
        }
        if !XMLProlog.scan(data).looksLikeXML { throw RunFormatError.notXML }
    }
}
