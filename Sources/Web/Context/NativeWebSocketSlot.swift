import NIOCore
import Synchronization

/// How a route takes a WebSocket upgrade: it checks the request like any other, then leaves here what to install
/// in the upgraded channel's pipeline. The server (`NativeWebSocketUpgradeChannel`) puts a slot in the context of
/// each upgrade request and upgrades only when the route filled it; a plain request has no slot.
///
/// The socket then lives in its pipeline with no task of its own, which is what keeps an idle socket small.
public final class NativeWebSocketSlot: Sendable {
    /// Makes the socket's handlers, which the server puts after the WebSocket frame codec; called on the channel's
    /// event loop once the upgrade response is written, with how often the server pings its sockets
    /// (`ConnectionLimits.webSocketPingInterval`). The last handler takes every frame: nothing after it reads them.
    public typealias Attach = @Sendable (_ pingInterval: TimeAmount) -> [any ChannelHandler]

    private let attach = Mutex<Attach?>(nil)

    public init() {}

    public func accept(_ attach: @escaping Attach) {
        self.attach.withLock { $0 = attach }
    }

    public func take() -> Attach? {
        attach.withLock { attach in
            defer { attach = nil }
            return attach
        }
    }
}
