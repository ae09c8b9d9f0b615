import Hummingbird
import PlatformWeb
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import Web

/// HTTP/1 with WebSocket upgrades for the live channel: frames up to 16 KiB, and a ping every 15 s so a dead
/// socket is noticed and closed. HTTP connections are held to `limits` (docs/operations.md, "Connections"):
/// `FirstRequestDeadline` until the first head, `HTTPConnectionGuard` after it; a WebSocket leaves both behind.
public func webSocketServer(
    _ router: Router<AppContext>, limits: ConnectionLimits = .standard, logger: Logger = Logger(label: "cadence")
) -> HTTPServerBuilder {
    let webSocketResponder = router.buildResponder()
    let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
        http1: .init(additionalChannelHandlers: [HTTPConnectionGuard(limits: limits)]),
        ws: .init(maxFrameSize: PlatformWeb.maximumLiveMessageSize, autoPing: .enabled(timePeriod: .seconds(15))))
    let perAddress = limits.connectionsPerAddress.map { ConnectionsPerAddress(maximum: $0, logger: logger) }
    return HTTPServerBuilder { responder in
        GuardedServerChannel(
            inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
            limits: limits, perAddress: perAddress)
    }
}
