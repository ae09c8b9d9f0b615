import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

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
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
    }

    var array: [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [[String: Any]] ?? []
    }

    var text: String { String(buffer: body) }

    /// The `{"error": {...}}` envelope's parts.
    var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }
    var errorField: String? { (object["error"] as? [String: Any])?["field"] as? String }
    var errorMessage: String? { (object["error"] as? [String: Any])?["message"] as? String }

    func cookie(_ name: String) -> String? {
        headers[values: .setCookie].first { $0.hasPrefix("\(name)=") }
    }
}
