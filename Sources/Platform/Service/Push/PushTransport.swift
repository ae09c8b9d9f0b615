import Foundation

/// One HTTP request to a push service (RFC 8030 §5).
public struct PushRequest: Sendable {
    public let endpoint: URL
    public let headers: [(name: String, value: String)]
    public let body: Data

    public init(endpoint: URL, headers: [(name: String, value: String)], body: Data) {
        self.endpoint = endpoint
        self.headers = headers
        self.body = body
    }
}

public struct PushResponse: Sendable {
    public let status: Int
    /// RFC 9110 `Retry-After`, in seconds, on a 429 or 503.
    public let retryAfter: TimeInterval?

    public init(status: Int, retryAfter: TimeInterval?) {
        self.status = status
        self.retryAfter = retryAfter
    }
}

/// The transport would not connect to where the endpoint leads (its host resolves to an address in this machine's
/// or a private network): the subscription is given up on, not retried.
public struct PushEndpointRefused: Error, Sendable {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

public protocol PushTransport: Sendable {
    func send(_ request: PushRequest) async throws -> PushResponse
}
