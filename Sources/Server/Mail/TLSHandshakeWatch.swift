import NIOCore
import NIOSSL
import NIOTLS

/// Sits right after the TLS handler and says when the handshake is done, or why it failed.
///
/// Waiting for it before the next command matters: a command written while the handshake is under way is held
/// by the TLS handler, and when the relay's certificate is refused that write fails with a bare "I/O on closed
/// channel" that can reach the conversation before the certificate error does.
final class TLSHandshakeWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let outcome: EventLoopPromise<Void>
    private var settled = false

    init(outcome: EventLoopPromise<Void>) {
        self.outcome = outcome
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event { settle(.success(())) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        settle(.failure(error))
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        settle(.failure(ChannelError.ioOnClosedChannel))
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        settle(.failure(ChannelError.ioOnClosedChannel))
    }

    private func settle(_ result: Result<Void, Error>) {
        guard !settled else { return }
        settled = true
        outcome.completeWith(result)
    }

    /// Adds the TLS handler (first in the pipeline, as STARTTLS needs) and this watch right after it; the future
    /// completes with the handshake. Runs on the channel's event loop.
    static func addTLS(_ tls: NIOSSLClientHandler, to channel: Channel) throws -> EventLoopFuture<Void> {
        let outcome = channel.eventLoop.makePromise(of: Void.self)
        try channel.pipeline.syncOperations.addHandler(tls, position: .first)
        try channel.pipeline.syncOperations.addHandler(TLSHandshakeWatch(outcome: outcome), position: .after(tls))
        return outcome.futureResult
    }
}
