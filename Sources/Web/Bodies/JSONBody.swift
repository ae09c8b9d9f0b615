import CadenceCore
import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// Decodes a JSON body, turning every way it can be wrong into a 4xx that names
    /// the problem: not JSON (415), too big (413), malformed, a missing field, a wrong type.
    /// Inlinable, so each feature's call is specialised for its body type (decoding is the hot part of a write).
    @inlinable
    public mutating func decodeJSON<T: Decodable>(_ type: T.Type, context: some RequestContext) async throws -> T {
        let contentType = headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/json") else {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type",
                           "Send the body as JSON with Content-Type: application/json.", key: "body.error.not_json")
        }
        let buffer = try await collectBounded(context: context)
        do {
            return try JSONBody.decoder.decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw JSONBody.apiError(error)
        } catch let error as ValidationError {
            throw APIError.invalid(field: error.field, error.message, localized: error.localized)
        }
    }

    /// A JSON object body of free shape (commands whose `data` varies by type).
    public mutating func decodeJSONObject(context: some RequestContext) async throws -> [String: Any] {
        let contentType = headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/json") else {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type",
                           "Send the body as JSON with Content-Type: application/json.", key: "body.error.not_json")
        }
        let buffer = try await collectBounded(context: context)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(buffer: buffer))) as? [String: Any] else {
            throw APIError(.badRequest, code: "invalid_json", "The body must be a JSON object.", key: "body.error.not_object")
        }
        return object
    }

    /// Reads the body up to the context's limit, answering 413 beyond it.
    @inlinable
    public mutating func collectBounded(context: some RequestContext) async throws -> ByteBuffer {
        let limit = context.maxUploadSize
        if let length = headers[.contentLength].flatMap(Int.init), length > limit {
            throw JSONBody.tooLarge(limit: limit)
        }
        do {
            return try await collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw JSONBody.tooLarge(limit: limit)
        }
    }
}

extension Request {
    /// `decode(as:context:)` for Cadence's contexts, specialised per body type in the caller's module (see
    /// `decodeJSON`); Hummingbird's generic one decodes unspecialised, which made sample ingest a third slower.
    @inlinable
    public func decode<T: Decodable>(as type: T.Type, context: some CadenceContext) async throws -> T {
        var request = self
        return try await request.decodeJSON(T.self, context: context)
    }
}

public enum JSONBody {
    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        // Strict: a field out of range (minute 99) is refused, not rolled over (see ISO8601Date).
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601Date.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an ISO 8601 date-time.")
            }
            return date
        }
        return decoder
    }()

    public static func tooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "body_too_large", "The body is larger than the limit of \(limit) bytes.",
                 key: "body.error.too_large", ["limit": String(limit)])
    }

    /// `prefix`: where the decoded value sits in a larger message (`data.samples` of a live command), so the field
    /// named is the whole path (`data.samples[3].t`).
    public static func apiError(_ error: DecodingError, under prefix: String = "") -> APIError {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = codingPath + (last.map { [$0] } ?? [])
            let inner = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
            if prefix.isEmpty || inner.isEmpty { return prefix.isEmpty ? inner : prefix }
            return prefix + (inner.hasPrefix("[") ? "" : ".") + inner
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath, key)
            return APIError(.badRequest, code: "missing_field", "The field \"\(field)\" is required.", field: field,
                            key: "body.error.missing", ["field": field])
        case .valueNotFound(_, let context):
            let field = path(context.codingPath)
            return APIError(.badRequest, code: "missing_field", "The field \"\(field)\" must not be null.", field: field,
                            key: "body.error.null", ["field": field])
        case .typeMismatch(let expected, let context):
            let field = path(context.codingPath)
            if field.isEmpty {
                return APIError(.badRequest, code: "invalid_json", "The body must be a JSON object.", key: "body.error.not_object")
            }
            return APIError(.badRequest, code: "wrong_type",
                            "The field \"\(field)\" must be \(describe(expected)).", field: field,
                            key: "body.error.wrong_type.\(typeKey(expected))", ["field": field])
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            if field.isEmpty {
                return APIError(.badRequest, code: "invalid_json", "The body is not valid JSON.", key: "body.error.not_valid_json")
            }
            return APIError(.badRequest, code: "invalid_field", "The field \"\(field)\" has an unusable value.", field: field,
                            key: "body.error.unusable", ["field": field])
        @unknown default:
            return APIError(.badRequest, code: "invalid_json", "The body could not be read.", key: "body.error.unreadable")
        }
    }

    /// The catalogue's name for the kind of value a field needs (`body.error.wrong_type.<this>`).
    private static func typeKey(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Bool.Type: "bool"
        case is Int.Type, is Int64.Type, is Int32.Type: "integer"
        case is Double.Type, is Float.Type: "number"
        case is UUID.Type: "uuid"
        default: type is any Collection.Type ? "list" : "object"
        }
    }

    /// The English words for each kind (the API's text when no catalogue is asked), by the same classification.
    private static let englishNames = [
        "string": "a string", "bool": "true or false", "integer": "a whole number", "number": "a number",
        "uuid": "a UUID", "list": "a list", "object": "an object",
    ]

    private static func describe(_ type: Any.Type) -> String { englishNames[typeKey(type)] ?? "an object" }
}
