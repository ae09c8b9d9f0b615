import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PlatformService

/// Posts pushes to the push services over HTTPS (HTTP too, for a push service on this machine in tests).
public struct HTTPPushTransport: PushTransport {
    /// A push service that does not answer within this is treated as unreachable (and retried).
    static let timeout: TimeAmount = .seconds(10)

    /// One connection pool for the process, never shut down (a client must be shut down before it goes away,
    /// and this one lives as long as the process).
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        configuration.timeout = .init(connect: .seconds(5), read: timeout)
        configuration.redirectConfiguration = .disallow  // a push service answers; it never redirects
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    public init() {}

    public func send(_ request: PushRequest) async throws -> PushResponse {
        var outbound = HTTPClientRequest(url: request.endpoint.absoluteString)
        outbound.method = .POST
        for header in request.headers { outbound.headers.add(name: header.name, value: header.value) }
        outbound.body = .bytes(ByteBuffer(bytes: request.body))
        let response = try await Self.client.execute(outbound, timeout: Self.timeout)
        // Drained so the connection goes back to the pool (push services answer with little or nothing).
        _ = try await response.body.collect(upTo: 64 << 10)
        return PushResponse(status: Int(response.status.code),
                            retryAfter: response.headers.first(name: "Retry-After").flatMap(TimeInterval.init))
    }
}
