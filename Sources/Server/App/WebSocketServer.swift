import CadenceCore
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import Logging
import NIOCore
import PlatformWeb
import Web

/// HTTP/1 with WebSocket upgrades for the live channel: frames up to 16 KiB, and a ping every
/// `limits.webSocketPingInterval` (15 s) so a dead socket is noticed and closed (`LiveSocketHandler`). HTTP connections are held to `limits` (docs/operations.md,
/// "Connections"): `FirstRequestDeadline` until the first head, `HTTPConnectionGuard` after it; a WebSocket leaves
/// both behind, and lives in its channel pipeline without a task (`NativeWebSocketUpgradeChannel`). With `tls`,
/// every connection is HTTPS (the live channel `wss:`), with the certificate current when it opens, and HTTP/2 for
/// clients that offer it (`NegotiatedHTTPChannel`).
public func webSocketServer(
    _ router: Router<AppContext>, limits: ConnectionLimits = .standard, trustedProxies: TrustedProxies = .none,
    tls: ReloadingTLSContext? = nil, logger: Logger = Logger(label: "cadence")
) -> HTTPServerBuilder {
    let webSocketResponder = router.buildResponder()
    let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [HTTPConnectionGuard(limits: limits)])
    let perAddress = limits.connectionsPerAddress.map { ConnectionsPerAddress(maximum: $0, logger: logger) }
    return HTTPServerBuilder { responder in
        let http = NativeWebSocketUpgradeChannel(
            responder: responder, webSocketResponder: webSocketResponder, http1: http1,
            maxFrameSize: PlatformWeb.maximumLiveMessageSize, limits: limits, secure: tls != nil)
        guard let tls else { return GuardedServerChannel(inner: http, perAddress: perAddress, trustedProxies: trustedProxies) }
        let negotiated = NegotiatedHTTPChannel(http1: http, http2: HTTP2Channel(responder: responder, configuration: http2(limits)))
        return GuardedServerChannel(inner: TLSServerChannel(inner: negotiated, tls: tls, handshakeTimeout: limits.headerTimeout),
                                    perAddress: perAddress, trustedProxies: trustedProxies)
    }
}

/// HTTP/2 connections close after `limits.idleTimeout` with no stream open, and a stream (one request) whose body
/// stops arriving for as long is dropped. The header timeout and the per-connection guards are HTTP/1's: on HTTP/2
/// a stalled request holds one stream, not a connection.
private func http2(_ limits: ConnectionLimits) -> HTTP2ChannelConfiguration {
    let idle = Duration.nanoseconds(limits.idleTimeout.nanoseconds)
    return HTTP2ChannelConfiguration(idleTimeout: idle, gracefulCloseTimeout: .seconds(10),
                                     streamConfiguration: HTTP1Channel.Configuration(idleTimeout: limits.idleTimeout))
}
