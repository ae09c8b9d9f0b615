import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes
import Web

/// Keeps an HTTP/1 connection to its `ConnectionTimeline` once its first request's head has come (until then
/// `FirstRequestDeadline` does), and closes it after an answer given before the request's body was read.
///
/// Sits after the HTTP decoding, before Hummingbird's request handling. Hummingbird adds it only to connections
/// that stay HTTP; an upgraded WebSocket never passes through it and keeps its own pings.
final class HTTPConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var watch: ConnectionWatch!
    private var halfCloseOnFlush = false
    /// The request asked to close (`Connection: close`, alone, in a list or on a line of its own): that wins over
    /// any keep-alive beside it (RFC 9112 §9.6), which Hummingbird's own check for exactly "close" misses.
    private var closeAsked = false

    init(limits: ConnectionLimits) {
        watch = ConnectionWatch(limits: limits) { [unowned self] context, expiry in self.expire(context, expiry) }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        watch.check(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        watch.stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        watch.stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Lingering: what comes is the rest of a body that was answered already; nobody reads it.
        guard !watch.timeline.isLingering else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            watch.timeline.headReceived()
            closeAsked = Self.asksToClose(head)
        case .body: break
        case .end: watch.timeline.endReceived()
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        watch.timeline.bytesArrived(at: .now())
        if watch.timeline.isLingering { readOn(context) }
        watch.check(context)
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        watch.timeline.readRequested(at: .now())
        watch.check(context)
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var response) where response.status.kind != .informational:
            if watch.timeline.answerStarted() || closeAsked {
                // Say so: the client must not send its next request on this connection.
                response.headerFields[.connection] = "close"
                context.write(wrapOutboundOut(.head(response)), promise: promise)
                return
            }
        case .end:
            halfCloseOnFlush = watch.timeline.answerEnded(at: .now()) || closeAsked
            watch.check(context)
        default:
            break
        }
        context.write(data, promise: promise)
    }

    func flush(context: ChannelHandlerContext) {
        context.flush()
        guard halfCloseOnFlush else { return }
        halfCloseOnFlush = false
        // The answer is on its way; the client reads it and an end of stream after it, while the rest of its
        // body is still read and dropped (a full close now could reset the connection before the answer is read).
        context.close(mode: .output, promise: nil)
        readOn(context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if watch.timeline.isLingering, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)  // the client finished sending: the staged close is complete
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    static func asksToClose(_ head: HTTPRequest) -> Bool {
        head.headerFields[values: .connection].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }

    /// Reads on whether or not Hummingbird still wants the request's parts.
    private func readOn(_ context: ChannelHandlerContext) {
        watch.timeline.readRequested(at: .now())
        context.read()
    }

    private func expire(_ context: ChannelHandlerContext, _ expiry: ConnectionTimeline.Expiry) {
        switch expiry {
        case .closeSilently:
            // Closing our reading side ends the request stream as a client's close would; Hummingbird closes the rest.
            context.close(mode: .input, promise: nil)
        case .requestTimeout:
            context.write(wrapOutboundOut(.head(HTTPResponse(status: .requestTimeout, headerFields: [.connection: "close", .contentLength: "0"]))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.close(mode: .input, promise: nil)
        case .abort:
            if watch.timeline.bodyOpen, !watch.timeline.isLingering {
                // Whoever reads the body gets an error, not an end: a body cut short must not pass for a whole one.
                let waited = String(format: "%g", ConnectionLimits.seconds(watch.timeline.limits.idleTimeout))
                context.fireErrorCaught(APIError(.requestTimeout, code: "request_timeout",
                                                 "The request's body stopped arriving for \(waited) s.",
                                                 key: "error.request_timeout", ["seconds": waited]))
            }
            context.close(promise: nil)
        }
    }
}
