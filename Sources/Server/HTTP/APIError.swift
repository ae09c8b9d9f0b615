import Foundation
import Hummingbird
import NIOCore

/// An error a client caused or can act on. Rendered as the JSON envelope
/// `{"error": {"code", "message", "field"?}}` with a 4xx status (P5).
public struct APIError: HTTPResponseError {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    public let field: String?
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    public static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: "not_found", "No \(what) with that id.")
    }

    public static func invalid(field: String, _ message: String) -> APIError {
        APIError(.badRequest, code: "invalid_field", message, field: field)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Response.json(ErrorEnvelope(error: .init(code: code, message: message, field: field)), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}

struct ErrorEnvelope: Codable {
    struct Body: Codable {
        let code: String
        let message: String
        let field: String?
    }
    let error: Body
}

extension Response {
    static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// A JSON response; encoding our own values cannot fail short of a bug.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? jsonEncoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
