import NIOCore
import NIOHTTP1
import Web

/// Holds a new connection to the header and idle timeouts until its first request's head has come.
///
/// Until then nothing else watches it: the WebSocket upgrade handler keeps the head back until it knows whether
/// to upgrade, and only then does Hummingbird add `HTTPConnectionGuard` (or hand the socket to the WebSocket).
/// So this sits right after the HTTP decoder and leaves with the first thing the decoder passes on, which is
/// always that head: it never sees anything of a later request, nor a WebSocket's bytes.
final class FirstRequestDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var watch: ConnectionWatch!

    init(limits: ConnectionLimits) {
        watch = ConnectionWatch(limits: limits) { [unowned self] context, expiry in self.expire(context, expiry) }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        watch.check(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        watch.stop()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        watch.timeline.bytesArrived(at: .now())
        watch.check(context)
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The server is stopping and this connection has asked for nothing yet: it need not be waited for.
        // (Once a request has come, Hummingbird lets it finish.)
        if event is ChannelShouldQuiesceEvent {
            context.close(mode: .input, promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// A request head that is not HTTP/1.1 (both Content-Length and Transfer-Encoding, two lengths, bare LF,
    /// obs-fold, a NUL, HTTP/0.9…): answered 400 at once, and the connection closed, since where one request ends
    /// can no longer be known. (Nothing else answers it here: the upgrade handler would wait for a head that never
    /// comes, until the header timeout.)
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parse = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        var body = context.channel.allocator.buffer(capacity: 200)
        body.writeString(APIError.malformed(parse).englishJSON)
        let head = HTTPResponseHead(version: .http1_1, status: .badRequest,
                                    headers: ["connection": "close", "content-type": "application/json; charset=utf-8",
                                              "content-length": String(body.readableBytes)])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(mode: .input, promise: nil)
    }

    private func expire(_ context: ChannelHandlerContext, _ expiry: ConnectionTimeline.Expiry) {
        if expiry == .requestTimeout {
            let head = HTTPResponseHead(version: .http1_1, status: .requestTimeout,
                                        headers: ["connection": "close", "content-length": "0"])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
        // Closing our reading side ends the connection as a client's close would: the upgrade handler then closes
        // it quietly (a full close here would make it report a failed upgrade as an error).
        context.close(mode: .input, promise: nil)
    }
}
