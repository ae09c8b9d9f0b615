import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Small helpers so each test reads as the requests a client would make.
extension TestClientProtocol {
    @discardableResult
    func json(
        _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, token: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if body != nil { headers[.contentType] = "application/json" }
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// Registers an account and returns its bearer token.
    func register(email: String, password: String = "correct horse battery", name: String = "Tester") async throws -> String {
        let response = try await json(.post, "/api/v1/auth/register",
                                      body: #"{"email":"\#(email)","displayName":"\#(name)","password":"\#(password)"}"#)
        guard response.status == .created, let token = response.object["token"] as? String else {
            throw TestFailure("register failed: \(response.status) \(String(buffer: response.body))")
        }
        return token
    }

    func login(email: String, password: String) async throws -> TestResponse {
        try await json(.post, "/api/v1/auth/login", body: #"{"email":"\#(email)","password":"\#(password)"}"#)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension TestResponse {
    /// The body as a JSON object. A body that is not one (a 401's error page, a 500, a list) fails the test here,
    /// rather than reading as `[:]`, which would let `#expect(….object.isEmpty)` pass on any error.
    var object: [String: Any] {
        guard let object = parsed as? [String: Any] else {
            Issue.record("expected a JSON object, got \(status): \(text.prefix(300))")
            return [:]
        }
        return object
    }

    /// The body as a JSON array of objects; anything else fails the test, as `object` does.
    var array: [[String: Any]] {
        guard let array = parsed as? [[String: Any]] else {
            Issue.record("expected a JSON array of objects, got \(status): \(text.prefix(300))")
            return []
        }
        return array
    }

    var text: String { String(buffer: body) }

    /// The `{"error": {...}}` envelope's parts; nil when the body is not one (asking does not fail the test).
    var errorCode: String? { errorEnvelope?["code"] as? String }
    var errorField: String? { errorEnvelope?["field"] as? String }
    var errorMessage: String? { errorEnvelope?["message"] as? String }

    private var parsed: Any? { try? JSONSerialization.jsonObject(with: Data(buffer: body)) }
    private var errorEnvelope: [String: Any]? { (parsed as? [String: Any])?["error"] as? [String: Any] }

    func cookie(_ name: String) -> String? {
        headers[values: .setCookie].first { $0.hasPrefix("\(name)=") }
    }
}
