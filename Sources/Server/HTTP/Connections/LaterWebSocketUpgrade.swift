import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1
import NIOWebSocket
import Web

/// A WebSocket upgrade asked for by a connection's second or later request. RFC 9110 §7.8 lets any HTTP/1.1 request
/// ask, and a proxy that keeps its upstream connections alive (nginx with `keepalive`) sends upgrades on used ones;
/// NIO's upgrade handler looks only at a connection's first request and then leaves.
///
/// Sits between the HTTP/1 decoder and Hummingbird for the connection's whole HTTP life and lets every other request
/// through. An upgrade request it keeps from Hummingbird, checks as NIO would (a key, version 13), and asks the route
/// as the first request's upgrade does. Then it either writes the 101 and puts the socket's handlers where the HTTP
/// codec was, or writes the route's refusal and closes: the decoder stops at an upgrade request, so HTTP cannot go on.
/// Hummingbird's task for the connection stays parked, waiting for a request that never comes, until the socket
/// closes; so such a socket costs a task, as a first-request upgrade does not.
final class LaterWebSocketUpgrade: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    enum Answer: Sendable {
        case accept(NativeWebSocketSlot.Attach)
        /// The route's answer, gathered whole.
        case refuse(HTTPResponseHead, ByteBuffer)
    }

    typealias Decide = @Sendable (HTTPRequestHead, any Channel) async -> Answer

    private enum State {
        /// NIO's upgrade handler has dealt with the first request already (and passes it on here).
        case firstRequest
        case http
        /// An upgrade is being decided or done: nothing more is HTTP.
        case upgrading
    }

    private var state = State.firstRequest
    private let maxFrameSize: Int
    private let pingInterval: TimeAmount
    private let decide: Decide
    /// Used only for what NIO checks and answers (the key, the version, Sec-WebSocket-Accept); the route decides.
    private let handshake = NIOTypedWebSocketServerUpgrader<Void>(
        shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
        upgradePipelineHandler: { channel, _ in channel.eventLoop.makeSucceededVoidFuture() })

    init(maxFrameSize: Int, pingInterval: TimeAmount, decide: @escaping Decide) {
        self.maxFrameSize = maxFrameSize
        self.pingInterval = pingInterval
        self.decide = decide
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .upgrading:
            return  // the upgrade request's end: nobody reads it
        case .firstRequest:
            state = .http
        case .http:
            if case .head(let head) = unwrapInboundIn(data), Self.asksForWebSocket(head) {
                state = .upgrading
                upgrade(head, context: context)
                return
            }
        }
        context.fireChannelRead(data)
    }

    /// As NIO's upgrade handler reads it: `Connection` lists `upgrade` and `Upgrade` names `websocket`.
    static func asksForWebSocket(_ head: HTTPRequestHead) -> Bool {
        let tokens = { (name: String) in head.headers[canonicalForm: name].map { $0.lowercased() } }
        return tokens("connection").contains("upgrade") && tokens("upgrade").contains("websocket")
    }

    private func upgrade(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let channel = context.channel
        let decide = self.decide
        let answered = handshake.buildUpgradeResponse(channel: channel, upgradeRequest: head, initialResponseHeaders: [:])
            .flatMap { headers in
                let promise = channel.eventLoop.makePromise(of: Answer.self)
                promise.completeWithTask { await decide(head, channel) }
                return promise.futureResult.map { (headers, $0) }
            }
        answered.assumeIsolated().whenComplete { result in
            switch result {
            case .success((let headers, .accept(let attach))):
                self.switchProtocols(context, version: head.version, headers: headers, attach: attach)
            case .success((_, .refuse(let answer, let body))):
                self.refuse(context, answer, body)
            case .failure:
                let answer = HTTPResponseHead(version: head.version, status: .badRequest,
                                              headers: ["content-type": "application/json; charset=utf-8"])
                self.refuse(context, answer, Self.badHandshake(context))
            }
        }
    }

    private func switchProtocols(_ context: ChannelHandlerContext, version: HTTPVersion, headers: HTTPHeaders,
                                 attach: NativeWebSocketSlot.Attach) {
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: .switchingProtocols, headers: headers))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        let pipeline = context.pipeline.syncOperations
        do {
            let codec: [any ChannelHandler] = [WebSocketFrameEncoder(), ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxFrameSize)),
                                               WebSocketProtocolErrorHandler()]
            try pipeline.addHandlers(codec + attach(pingInterval), position: .after(self))
            // HTTP is over: every handler of it goes (the socket writes its frames from the pipeline's tail, and the
            // guards' timers would close an idle HTTP connection), except NIOAsyncChannel's at the tail, which lets
            // writes pass and, behind the socket's handlers, never sees a frame.
            func remove<Handler: RemovableChannelHandler>(_ kind: Handler.Type) {
                if let handler = try? pipeline.context(handlerType: kind) { pipeline.removeHandler(context: handler, promise: nil) }
            }
            remove(HTTPConnectionStateHandler.self)
            remove(HTTPConnectionGuard.self)
            remove(HTTP1ToHTTPServerCodec.self)
            remove(HTTPResponseEncoder.self)
            remove(ByteToMessageHandler<HTTPRequestDecoder>.self)
            pipeline.removeHandler(context: context, promise: nil)
        } catch {
            context.close(promise: nil)
        }
    }

    private func refuse(_ context: ChannelHandlerContext, _ answer: HTTPResponseHead, _ body: ByteBuffer) {
        var head = answer
        head.headers.replaceOrAdd(name: "connection", value: "close")
        head.headers.replaceOrAdd(name: "content-length", value: String(body.readableBytes))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    private static func badHandshake(_ context: ChannelHandlerContext) -> ByteBuffer {
        let refusal = APIError(.badRequest, code: "bad_websocket_handshake",
                               "A WebSocket upgrade needs one Sec-WebSocket-Key and Sec-WebSocket-Version: 13.")
        return context.channel.allocator.buffer(string: refusal.englishJSON)
    }
}
