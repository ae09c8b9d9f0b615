import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket
import Synchronization
import Web

/// HTTP/1 with WebSocket upgrades whose sockets live in their channel pipelines rather than in a task each.
///
/// An upgrade request goes through the router like any request, with a `NativeWebSocketSlot` in its context; the
/// route checks who is asking and, if the socket is theirs to open, fills the slot with the handlers to install.
/// Then the connection upgrades, the handlers are added, and this connection's task ends — an idle socket costs its
/// channel and handlers, not a suspended task stack (issue 19: Hummingbird's WebSocket handling kept about 25 KB of
/// task stack per socket). When the route refuses, the client gets the route's answer (its 401, 403, 400…) and the
/// connection closes: NIO keeps no copy of a request it tried to upgrade, so it cannot carry on as plain HTTP.
/// NIO's upgrade handler looks only at a connection's first request; `LaterWebSocketUpgrade` takes the later ones.
struct NativeWebSocketUpgradeChannel<WebSocketResponder: HTTPResponder>: ServerChildChannel, HTTPChannelHandler
where WebSocketResponder.Context == AppContext {
    enum UpgradeResult: Sendable {
        /// The socket's handlers are in its pipeline; nothing is left for this task to do.
        case upgraded
        case notUpgraded(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        /// An upgrade the route turned down, with its answer.
        case refused(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>, Response)
    }

    /// What the route made of an upgrade request.
    enum Decision {
        case accept(NativeWebSocketSlot.Attach)
        case refuse(Response)
    }

    struct Value: ServerChildChannelValue {
        let upgradeResult: EventLoopFuture<UpgradeResult>
        let channel: any Channel
    }

    let responder: HTTPChannelHandler.Responder
    let webSocketResponder: WebSocketResponder
    let http1: HTTP1Channel.Configuration
    /// Frames larger than this are refused by the decoder (the socket is closed with 1009).
    let maxFrameSize: Int
    /// The header and idle timeouts until the first request's head (`FirstRequestDeadline`); how often each socket
    /// is pinged (one that has not answered by the next ping is closed).
    let limits: ConnectionLimits
    /// Whether the connection came over TLS: requests are `https` and the live channel is `wss`.
    var secure = false

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let decision = NIOLoopBoundBox<Decision?>(nil, eventLoop: channel.eventLoop)
            let upgrader = NIOTypedWebSocketServerUpgrader<UpgradeResult>(
                maxFrameSize: maxFrameSize,
                shouldUpgrade: { channel, head in
                    let promise = channel.eventLoop.makePromise(of: Decision.self)
                    promise.completeWithTask { try await route(head, channel: channel, logger: logger) }
                    return promise.futureResult.map { routed in
                        decision.value = routed
                        if case .accept = routed { return HTTPHeaders() }
                        return nil
                    }
                },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        guard case .accept(let attach)? = decision.value else { throw ChannelError.inappropriateOperationForState }
                        decision.value = nil
                        try channel.pipeline.syncOperations.addHandlers(attach(self.limits.webSocketPingInterval))
                        return .upgraded
                    }
                })
            let http1 = self.http1
            let upgrades = NIOTypedHTTPServerUpgradeConfiguration(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let pipeline = channel.pipeline.syncOperations
                        try pipeline.addHandler(laterUpgrades(logger: logger))
                        try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: self.secure))
                        try pipeline.addHandlers(http1.additionalChannelHandlers())
                        try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: http1.idleTimeout.map { .nanoseconds($0.nanoseconds) }, logger: logger))
                        let http = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                            wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                        if case .refuse(let answer)? = decision.value { return .refused(http, answer) }
                        return .notUpgraded(http)
                    }
                })
            var configuration = NIOUpgradableHTTPServerPipelineConfiguration<UpgradeResult>(upgradeConfiguration: upgrades)
            configuration.enablePipelining = false  // NIOAsyncChannel takes one request at a time
            configuration.enableErrorHandling = false  // Hummingbird answers malformed requests
            configuration.enableResponseHeaderValidation = false  // HTTPTypes validated them already
            configuration.decoderConfiguration.maxHeaderFieldSize = http1.httpDecoder.maxHeaderFieldSize
            configuration.decoderConfiguration.maxHeaderListSize = http1.httpDecoder.maxHeaderListSize
            configuration.decoderConfiguration.maxHeaderFieldCount = http1.httpDecoder.maxHeaderFieldCount
            let result = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: configuration)
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(FirstRequestDeadline(limits: limits), position: .after(decoder))
            return Value(upgradeResult: result, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.upgradeResult.get() {
            case .upgraded:
                return  // the socket's handlers carry on without this task
            case .notUpgraded(let http1):
                await handleHTTP(asyncChannel: http1, logger: logger)
            case .refused(let http1, let answer):
                try await http1.executeThenClose { _, outbound in try await Self.write(answer, to: outbound) }
            }
        } catch let error as ChannelError where error == .inputClosed {
            logger.trace("The connection closed before its first request")
        } catch {
            logger.debug("Upgrade failed", metadata: ["error": "\(error)"])
            try? await value.channel.close()
        }
    }

    /// Upgrades asked for after the connection's first request, decided by the same route.
    private func laterUpgrades(logger: Logger) -> LaterWebSocketUpgrade {
        LaterWebSocketUpgrade(maxFrameSize: maxFrameSize, pingInterval: limits.webSocketPingInterval) { head, channel in
            do {
                switch try await route(head, channel: channel, logger: logger) {
                case .accept(let attach): return .accept(attach)
                case .refuse(let answer):
                    let (head, body) = try await Self.gathered(answer)
                    return .refuse(HTTPResponseHead(head), body)
                }
            } catch {
                logger.debug("Upgrade failed", metadata: ["error": "\(error)"])
                return .refuse(HTTPResponseHead(version: .http1_1, status: .badRequest), ByteBuffer())
            }
        }
    }

    /// Runs the upgrade request through the router: what the route left in the slot, or its answer.
    private func route(_ head: HTTPRequestHead, channel: any Channel, logger: Logger) async throws -> Decision {
        let request = Request(head: try HTTPRequest(head, secure: secure, splitCookie: false), body: .init(buffer: .init()))
        var context = AppContext(source: .init(channel: channel, logger: logger))
        let slot = NativeWebSocketSlot()
        context.nativeWebSocket = slot
        let response = try await webSocketResponder.respond(to: request, context: context)
        if response.status == .switchingProtocols, let attach = slot.take() { return .accept(attach) }
        return .refuse(response)
    }

    /// Writes a refusal whole, then the connection closes.
    private static func write(_ answer: Response, to outbound: NIOAsyncChannelOutboundWriter<HTTPResponsePart>) async throws {
        let (head, body) = try await gathered(answer)
        try await outbound.write(.head(head))
        try await outbound.write(.body(body))
        try await outbound.write(.end(nil))
    }

    /// A refusal's head and body in one buffer (its body is a small error document), saying the connection closes.
    private static func gathered(_ answer: Response) async throws -> (HTTPResponse, ByteBuffer) {
        let body = CollectedBody()
        try await answer.body.write(body.writer)
        let bytes = body.bytes.withLock { $0 }
        var head = answer.head
        head.headerFields[.contentLength] = String(bytes.readableBytes)
        head.headerFields[.connection] = "close"
        return (head, bytes)
    }
}

/// A response body gathered into one buffer.
private final class CollectedBody: Sendable {
    let bytes = Mutex(ByteBuffer())

    var writer: some ResponseBodyWriter { Writer(body: self) }

    struct Writer: ResponseBodyWriter {
        let body: CollectedBody

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            body.bytes.withLock { $0.writeBuffer(&buffer) }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
