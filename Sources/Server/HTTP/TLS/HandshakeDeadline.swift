import NIOCore
import NIOTLS

/// Watches a TLS connection where no HTTP handler does yet, or where HTTP/2's does not finish.
///
/// Until the handshake is done no HTTP is set up (`NegotiatedHTTPChannel` waits for ALPN to say which), so this closes
/// a connection whose handshake has not finished by the header timeout (a client that connects and says nothing, or
/// trickles), and one the server asks to wind down before then. An HTTP/1.1 connection is watched by its own handlers
/// from then on, and this leaves. An HTTP/2 connection winds down with a GOAWAY and a PING the client must answer
/// (Hummingbird's connection manager waits for the answer without a limit): this closes it `graceTime` after the
/// server asked, so a client that never answers does not keep the server from stopping.
final class HandshakeDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount
    private let graceTime: TimeAmount
    private var expiry: Scheduled<Void>?
    private var handshakeDone = false

    init(timeout: TimeAmount, graceTime: TimeAmount = .seconds(10)) {
        self.timeout = timeout
        self.graceTime = graceTime
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        expiry = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        expiry?.cancel()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case TLSUserEvent.handshakeCompleted(let negotiated):
            expiry?.cancel()
            expiry = nil
            handshakeDone = true
            context.fireUserInboundEventTriggered(event)
            if negotiated != "h2" { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
        case is ChannelShouldQuiesceEvent where !handshakeDone:
            context.close(promise: nil)
        case is ChannelShouldQuiesceEvent:
            let channel = context.channel
            expiry = context.eventLoop.scheduleTask(in: graceTime) { channel.close(promise: nil) }
            context.fireUserInboundEventTriggered(event)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }
}
