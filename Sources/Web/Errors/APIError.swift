import CadenceCore
import Foundation
import Hummingbird
import NIOHTTP1
import Media
import NIOCore

/// An error a client caused or can act on. Rendered as the JSON envelope
/// `{"error": {"code", "message", "field"?}}` with a 4xx status (P5).
public struct APIError: HTTPResponseError {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    public let field: String?
    public var headers: HTTPFields = [:]
    /// The message in the catalogue, when there is one: `message(in:)` says it in the person's language.
    public let localized: MessageKey?

    public init(_ status: HTTPResponse.Status, code: String, _ message: String, field: String? = nil,
                key: String? = nil, _ arguments: [String: String] = [:]) {
        self.init(status, code: code, message, field: field, localized: key.map { MessageKey($0, arguments) })
    }

    public init(_ status: HTTPResponse.Status, code: String, _ message: String, field: String?, localized: MessageKey?) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.localized = localized
    }

    public static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: "not_found", "No \(what) with that id.", key: "error.not_found_what", ["what": what])
    }

    public static func invalid(field: String, _ message: String, localized: MessageKey? = nil) -> APIError {
        APIError(.badRequest, code: "invalid_field", message, field: field, localized: localized)
    }

    /// The message in `messages`' language; the English text when its words are not in the catalogue yet. The
    /// `code` and `field` never change with the language: programs read those.
    public func message(in messages: Messages) -> String {
        guard let localized, messages.has(localized) else { return messages.language == .pseudo ? "⟦" + message + "⟧" : message }
        var arguments = localized.arguments
        // A record's name ("talk") is a word of the catalogue's too.
        if let what = arguments["what"] {
            let key = "noun." + what.replacingOccurrences(of: " ", with: "_")
            if messages.has(key) { arguments["what"] = messages(key) }
        }
        return messages(MessageKey(localized.key, arguments, nested: localized.nested))
    }

    /// The JSON envelope in English (no request to say otherwise).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response(in: request.messages(account: (context as? any CadenceContext)?.settingsAccount))
    }

    /// The JSON envelope with the message in `messages`' language.
    public func response(in messages: Messages) -> Response {
        var response = Response.json(ErrorEnvelope(error: .init(code: code, message: message(in: messages), field: field)), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}

extension APIError {
    /// The answer to an error the client caused or can act on, the services' domain errors included; nil for
    /// anything else (our own fault: a 500, logged). Pages use this to show a refusal on the form.
    public static func refusal(_ error: any Error) -> APIError? {
        switch error {
        case let error as APIError:
            return error
        case let error as ValidationError:
            return .invalid(field: error.field, error.message, localized: error.localized)
        case let error as NotFound:
            return .notFound(error.what)
        case let error as Conflict:
            return APIError(.conflict, code: error.code, error.message, field: error.field, localized: error.localized)
        case let error as TooManyAttempts:
            let minutes = Int((error.retryAfter / 60).rounded(.up))
            var refusal = APIError(
                .tooManyRequests, code: "too_many_attempts", error.description, field: nil,
                localized: error.retryAfter < 60
                    ? MessageKey("error.too_many_attempts.seconds", ["count": String(Int(error.retryAfter))])
                    : MessageKey("error.too_many_attempts.minutes", ["count": String(minutes)]))
            refusal.headers[.retryAfter] = String(Int(error.retryAfter))
            return refusal
        case let error as Unavailable:
            return APIError(.serviceUnavailable, code: error.code, error.message, field: nil, localized: error.localized)
        case let error as ChangedSinceRead:
            return APIError(.preconditionFailed, code: "changed_since_read",
                            "This \(error.what) changed since you opened it (on another device?); load it again and redo your change.",
                            key: "error.changed_since_read", ["what": error.what])
        case let error as HTTPParserError:
            return .malformed(error)
        case let error as Refused:
            return APIError(.badRequest, code: error.code, error.message, field: error.field, localized: error.localized)
        case let error as NotAuthenticated:
            return APIError(.unauthorized, code: error.code, error.message, field: nil, localized: error.localized)
        case let error as MediaStoreFull:
            return APIError(.init(code: 507, reasonPhrase: "Insufficient Storage"), code: "storage_full",
                            "\(error.detail) Nothing of this upload was kept; delete files you no longer need, or ask the operator for more room.",
                            key: "error.storage_full", ["detail": error.detail])
        case is MediaMissing:
            return APIError(.notFound, code: "not_found", "The file is missing on the server; upload it again.", key: "error.file_missing")
        default:
            return nil
        }
    }
}

extension Response {
    public static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// A JSON response. Encoding our own values cannot fail short of a bug; if one does, the client is told the
    /// server failed (500) rather than handed an empty object as if it were the answer.
    @inlinable
    public static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        guard let data = try? jsonEncoder.encode(value) else {
            return Response(
                status: .internalServerError, headers: [.contentType: "application/json; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"error":{"code":"internal_error","message":"The server could not write its answer."}}"#)))
        }
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
