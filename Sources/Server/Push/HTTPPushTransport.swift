import AsyncHTTPClient
import CadenceCore
import Foundation
import NIOCore
import NIOHTTP1
import PlatformService

/// Posts pushes to the push services over HTTPS (HTTP too, for a push service on this machine in tests).
///
/// A subscription's endpoint is checked for its spelling when it is saved (`PushEndpointRule`); here, before each
/// push, its host is resolved and every address it has must be on the internet (`InternetAddress`). The connection
/// then goes to the address that was checked — pinned with AsyncHTTPClient's DNS override, one client per host,
/// with the certificate still checked for the host's name — so a name that resolves elsewhere a moment later
/// (DNS rebinding) changes nothing. Redirects are never followed.
public struct HTTPPushTransport: PushTransport {
    /// A push service that does not answer within this is treated as unreachable (and retried).
    static let timeout: TimeAmount = .seconds(10)

    let rule: PushEndpointRule

    public init(rule: PushEndpointRule = .publicHTTPS) {
        self.rule = rule
    }

    static func configuration(pinning host: String? = nil, to address: String? = nil) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        configuration.timeout = .init(connect: .seconds(5), read: timeout)
        configuration.redirectConfiguration = .disallow  // a push service answers; it never redirects
        if let host, let address { configuration.dnsOverride = [host: address] }
        return configuration
    }

    /// For a push service on this machine (tests): one pool, no address check.
    static let localClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration())
    static let pinned = PinnedClients()

    public func send(_ request: PushRequest) async throws -> PushResponse {
        let client: HTTPClient
        switch rule {
        case .allowLocal:
            client = Self.localClient
        case .publicHTTPS:
            guard let host = request.endpoint.host?.lowercased() else { throw PushEndpointRefused(reason: "The endpoint has no host.") }
            let resolved = try await ResolvedHost.resolve(host)
            if let refusal = resolved.refusal(of: host) { throw PushEndpointRefused(reason: refusal) }
            client = await Self.pinned.client(for: host, at: resolved.addresses[0].text)
        }
        var outbound = HTTPClientRequest(url: request.endpoint.absoluteString)
        outbound.method = .POST
        for header in request.headers { outbound.headers.add(name: header.name, value: header.value) }
        outbound.body = .bytes(ByteBuffer(bytes: request.body))
        let response = try await client.execute(outbound, timeout: Self.timeout)
        // Drained so the connection goes back to the pool (push services answer with little or nothing).
        _ = try await response.body.collect(upTo: 64 << 10)
        return PushResponse(status: Int(response.status.code),
                            retryAfter: response.headers.first(name: "Retry-After").flatMap(TimeInterval.init))
    }
}

/// One HTTP client per push service host, pinned to the address last checked for it. Push services are few (FCM,
/// Mozilla's, Apple's, Microsoft's), so this stays small; a host whose address changed gets a new client, and the
/// old one is shut down once what it is sending has gone.
actor PinnedClients {
    static let capacity = 32
    private var clients: [String: (address: String, client: HTTPClient, used: ContinuousClock.Instant)] = [:]

    func client(for host: String, at address: String) -> HTTPClient {
        if let pinned = clients[host], pinned.address == address {
            clients[host]?.used = .now
            return pinned.client
        }
        if let old = clients.removeValue(forKey: host) { retire(old.client) }
        if clients.count >= Self.capacity, let oldest = clients.min(by: { $0.value.used < $1.value.used }) {
            clients.removeValue(forKey: oldest.key)
            retire(oldest.value.client)
        }
        let client = HTTPClient(eventLoopGroupProvider: .singleton,
                                configuration: HTTPPushTransport.configuration(pinning: host, to: address))
        clients[host] = (address, client, .now)
        return client
    }

    /// Shut down after a while, not at once: a push may still be on its way through it.
    private nonisolated func retire(_ client: HTTPClient) {
        Task {
            try? await Task.sleep(for: .seconds(60))
            try? await client.shutdown()
        }
    }
}
