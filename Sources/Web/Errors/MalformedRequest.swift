import Foundation
import Hummingbird
import NIOHTTP1

extension APIError {
    /// A request that is not HTTP/1.1 as RFC 9112 has it (a chunk size that is no number, both Content-Length and
    /// Transfer-Encoding, bare LF line ends…): the client's fault, a 400, and the connection is closed, since where
    /// the next request would start can no longer be known.
    public static func malformed(_ error: HTTPParserError) -> APIError {
        let detail = String(describing: error)
        var refusal = APIError(.badRequest, code: "malformed_request",
                               "The request is not valid HTTP/1.1 (\(detail)); the connection is closed.",
                               key: "error.malformed_request", ["detail": detail])
        refusal.headers[.connection] = "close"
        return refusal
    }

    /// The JSON envelope in English, for an answer written below the router (no request to say it in a language).
    public var englishJSON: String {
        let data = (try? JSONEncoder().encode(["error": ["code": code, "message": message]])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
