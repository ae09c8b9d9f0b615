import NIOCore
import NIOWebSocket

/// One live socket, in its channel pipeline after the WebSocket frame codec: control frames (ping, pong, close)
/// answered here on the event loop, messages gathered and handed to the session, a ping every `pingInterval`.
/// The socket has no task while idle; only its channel, this handler and its session (issue 19).
final class LiveSocketHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// How long the other side has to answer our close frame before the connection is cut.
    static let closeTimeout = TimeAmount.seconds(10)

    private let session: LiveSocketSession
    /// A socket that has not answered the last ping by the next is taken for dead and closed.
    private let pingInterval: TimeAmount
    private var message = LiveMessageAssembly(maximumSize: LiveController.maximumMessageSize)
    private var pings: RepeatedTask?
    private var awaitingPong = false
    private var closeSent = false
    /// A read the channel asked for, held back while the session is behind on the device's messages.
    private var heldRead = false
    private var context: ChannelHandlerContext?

    init(session: LiveSocketSession, pingInterval: TimeAmount) {
        self.session = session
        self.pingInterval = pingInterval
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        guard channel.isActive else { return }  // gone before the upgrade finished: nothing to open or close
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        pings = context.eventLoop.scheduleRepeatedTask(initialDelay: pingInterval, delay: pingInterval) { _ in
            handler.value.ping(channel)
        }
        self.context = context
        let eventLoop = context.eventLoop
        session.open(LiveSocketOutput(channel: channel)) {
            eventLoop.execute { handler.value.resumeReading() }
        }
    }

    /// Reads only while the session keeps up with the device's messages (backpressure, not a cap).
    func read(context: ChannelHandlerContext) {
        if session.isBehind {
            heldRead = true
        } else {
            context.read()
        }
    }

    private func resumeReading() {
        guard heldRead, let context else { return }
        heldRead = false
        context.read()
    }

    func channelInactive(context: ChannelHandlerContext) {
        guard let pings else { return context.fireChannelInactive() }  // never opened
        pings.cancel()
        self.pings = nil
        self.context = nil
        session.closed()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        // RFC 6455 §5.2: no extension was agreed, so a reserved bit means a broken or hostile client; §5.1: a
        // client masks every frame.
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            return close(context, .protocolError, "A frame has reserved bits set, and no extension was agreed.")
        }
        guard frame.maskKey != nil else { return close(context, .protocolError, "A client's frames must be masked.") }
        switch frame.opcode {
        case .ping:
            guard frame.fin else { return close(context, .protocolError, "A ping may not be fragmented.") }
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            awaitingPong = false
        case .connectionClose:
            guard !closeSent else { return context.close(promise: nil) }  // the answer to ours
            // Theirs: echo a code a client may send (RFC 6455 §5.5.1, §7.4), then hang up; any other is a protocol error.
            var data = frame.unmaskedData
            guard data.readableBytes != 1, data.readableBytes == 0 || data.getInteger(at: data.readerIndex, as: UInt16.self)
                .map(Self.mayBeSent) == true else {
                return close(context, .protocolError, "A close frame's code must be one RFC 6455 lets an endpoint send.")
            }
            let code = data.readSlice(length: 2) ?? context.channel.allocator.buffer(capacity: 0)
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)))
                .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        case .text, .binary, .continuation:
            guard !closeSent else { return }
            gather(context, frame)
        default:
            close(context, .protocolError, "Unknown frame type.")
        }
    }

    /// Close codes an endpoint may put in a close frame: the defined ones but those reserved for reporting
    /// (1005, 1006, 1015), IANA's registered 1012–1014, and the ranges for libraries and applications.
    static func mayBeSent(_ code: UInt16) -> Bool {
        (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
    }

    /// A data frame: part or all of a message from the device.
    private func gather(_ context: ChannelHandlerContext, _ frame: WebSocketFrame) {
        switch message.add(opcode: frame.opcode, data: frame.unmaskedData, fin: frame.fin) {
        case .incomplete:
            break
        case .text(let text):
            // (1011, not 1008: live.js takes 1008 for "removed" and stops; after 1011 it reconnects and resends.)
            if !session.received(.command(text)) { close(context, .unexpectedServerError, "Too many commands at once.") }
        case .binary:
            _ = session.received(.refused(code: "unsupported_frame", message: "Send commands as JSON text frames."))
        case .invalidText:
            _ = session.received(.refused(code: "invalid_text", message: "A text frame must be UTF-8."))
        case .tooLarge:
            close(context, .messageTooLarge, "A command may be at most \(LiveController.maximumMessageSize) bytes.")
        case .outOfSequence:
            close(context, .protocolError, "A continuation frame must follow a first frame.")
        }
    }

    /// Every frame out passes here: after our close frame nothing more is sent, and the connection is cut if the
    /// other side does not answer it in time.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closeSent else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        if unwrapOutboundIn(data).opcode == .connectionClose { closing(context) }
        context.write(data, promise: promise)
    }

    private func closing(_ context: ChannelHandlerContext) {
        closeSent = true
        let channel = context.channel
        context.eventLoop.scheduleTask(in: Self.closeTimeout) { channel.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func close(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode, _ reason: String) {
        guard !closeSent else { return }
        closing(context)  // (a write from here goes on past this handler's own `write`)
        context.writeAndFlush(wrapOutboundOut(.close(code, reason: reason, allocator: context.channel.allocator)), promise: nil)
    }

    private func ping(_ channel: any Channel) {
        guard !closeSent else { return }
        guard !awaitingPong else {
            channel.close(promise: nil)  // gone without a word: its presence ends now
            return
        }
        awaitingPong = true
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .ping, data: channel.allocator.buffer(capacity: 0)), promise: nil)
    }
}
