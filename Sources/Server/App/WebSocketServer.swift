import CadenceCore
import Hummingbird
import HummingbirdCore
import Logging
import PlatformWeb
import Web

/// HTTP/1 with WebSocket upgrades for the live channel: frames up to 16 KiB, and a ping every
/// `limits.webSocketPingInterval` (15 s) so a dead socket is noticed and closed (`LiveSocketHandler`). HTTP connections are held to `limits` (docs/operations.md,
/// "Connections"): `FirstRequestDeadline` until the first head, `HTTPConnectionGuard` after it; a WebSocket leaves
/// both behind, and lives in its channel pipeline without a task (`NativeWebSocketUpgradeChannel`). With `tls`,
/// every connection is HTTPS (the live channel `wss:`), with the certificate current when it opens.
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
            maxFrameSize: PlatformWeb.maximumLiveMessageSize, pingInterval: limits.webSocketPingInterval, secure: tls != nil)
        guard let tls else { return GuardedServerChannel(inner: http, limits: limits, perAddress: perAddress, trustedProxies: trustedProxies) }
        return GuardedServerChannel(inner: TLSServerChannel(inner: http, tls: tls), limits: limits, perAddress: perAddress,
                                    trustedProxies: trustedProxies)
    }
}
