import CadenceCore
import HummingbirdCore
import Logging
import NIOCore

/// Wraps the HTTP/WebSocket child channel: counts connections per address, closing those over the cap before any
/// TLS or HTTP is set up.
struct GuardedServerChannel<Inner: ServerChildChannel>: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        /// nil for a connection refused by the cap: it closes as soon as it is active.
        let inner: Inner.Value?
        let channel: any Channel
    }

    let inner: Inner
    let perAddress: ConnectionsPerAddress?
    /// A trusted reverse proxy carries many people's requests on its connections, so it is not held to the cap.
    let trustedProxies: TrustedProxies

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        if let perAddress, let address = channel.remoteAddress?.ipAddress, !trustedProxies.trusts(address) {
            guard perAddress.open(address) else {
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(CloseWhenActive())
                    return Value(inner: nil, channel: channel)
                }
            }
            channel.closeFuture.whenComplete { _ in perAddress.close(address) }
        }
        return inner.setup(channel: channel, logger: logger).map { Value(inner: $0, channel: channel) }
    }

    func handle(value: Value, logger: Logger) async {
        guard let innerValue = value.inner else { return }
        await inner.handle(value: innerValue, logger: logger)
    }
}

/// Closes a connection refused before it was set up, once the event loop has made it active.
private final class CloseWhenActive: ChannelInboundHandler {
    typealias InboundIn = Never

    func channelActive(context: ChannelHandlerContext) {
        context.close(promise: nil)
    }
}
