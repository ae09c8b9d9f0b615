import HummingbirdCore
import Logging
import NIOCore
import NIOSSL

/// HTTPS in front of another child channel, as HummingbirdTLS's `TLSChannel` does, except that each connection
/// takes the context current when it opens, so a renewed certificate needs no restart (`ReloadingTLSContext`).
struct TLSServerChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let tls: ReloadingTLSContext
    /// A handshake not done by then is closed (`HandshakeDeadline`).
    let handshakeTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandlers(NIOSSLServerHandler(context: tls.current), HandshakeDeadline(timeout: handshakeTimeout),
                                                         InputCloseAsFullClose())
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// The connection guards end a connection by closing its reading side (`FirstRequestDeadline`,
/// `HTTPConnectionGuard`), which TLS cannot do (NIOSSL refuses it, and the connection would stay open): over
/// TLS that close is a full one, after what was written has been sent.
private final class InputCloseAsFullClose: ChannelOutboundHandler {
    typealias OutboundIn = NIOAny

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        context.close(mode: mode == .input ? .all : mode, promise: promise)
    }
}
