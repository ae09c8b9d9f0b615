import Foundation

/// A `multipart/form-data` body (RFC 7578), read whole: the parts' names, file names,
/// types and bytes. Bodies are bounded before they get here.
public struct MultipartForm {
    public struct Part {
        public let name: String
        public let filename: String?
        public let contentType: String?
        public let data: Data
    }

    public let parts: [Part]

    public enum Failure: Error, Equatable {
        case noBoundary, malformed(String)
    }

    /// The boundary from a Content-Type such as `multipart/form-data; boundary=----x`.
    public static func boundary(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty || value.count > 70 ? nil : value
            }
        }
        return nil
    }

    public init(body: Data, boundary: String) throws(Failure) {
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [Part] = []
        guard var position = body.range(of: delimiter)?.upperBound else { throw .malformed("the body has no part boundary") }
        while true {
            // After a delimiter: "--" ends the body; otherwise CRLF and a part.
            if body[position...].starts(with: Data("--".utf8)) { break }
            guard body[position...].starts(with: Data("\r\n".utf8)) else { throw .malformed("a boundary is not followed by a line end") }
            position += 2
            guard let headerEnd = body.range(of: Data("\r\n\r\n".utf8), in: position..<body.endIndex) else {
                throw .malformed("a part's headers never end")
            }
            let headerText = String(decoding: body[position..<headerEnd.lowerBound], as: UTF8.self)
            guard let next = body.range(of: Data("\r\n".utf8) + delimiter, in: headerEnd.upperBound..<body.endIndex) else {
                throw .malformed("a part never ends (the upload was cut short?)")
            }
            let headers = Self.headers(headerText)
            let disposition = headers["content-disposition"] ?? ""
            guard let name = Self.parameter("name", in: disposition) else { throw .malformed("a part has no name") }
            parts.append(Part(name: name, filename: Self.parameter("filename", in: disposition),
                              contentType: headers["content-type"], data: Data(body[headerEnd.upperBound..<next.lowerBound])))
            position = next.upperBound
        }
        self.parts = parts
    }

    private static func headers(_ text: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }

    /// A parameter of a header value: `form-data; name="file"; filename="a b.mp3"`.
    public static func parameter(_ key: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var text = pair[1].trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
            return text.replacingOccurrences(of: "\\\"", with: "\"")
        }
        return nil
    }
}
