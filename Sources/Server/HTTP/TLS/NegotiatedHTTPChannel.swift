import HummingbirdCore
import HummingbirdHTTP2
import Logging
import NIOCore
import NIOHTTP2
import NIOTLS

/// HTTP/2 or HTTP/1.1 over TLS, as ALPN settles it. HummingbirdHTTP2's own `HTTP2UpgradeChannel` has Hummingbird's
/// HTTP/1 channel on its other side; this keeps Cadence's (`NativeWebSocketUpgradeChannel`), so the live channel's
/// sockets, which browsers open on HTTP/1.1 connections (Cadence does not offer RFC 8441's WebSockets over HTTP/2),
/// still live in their pipelines without a task.
struct NegotiatedHTTPChannel<HTTP1: ServerChildChannel>: ServerChildChannel {
    typealias Negotiated = NIONegotiatedHTTPVersion<HTTP1.Value, HTTP2Channel.Value>

    struct Value: ServerChildChannelValue {
        let negotiated: EventLoopFuture<Negotiated>
        let channel: any Channel
    }

    let http1: HTTP1
    let http2: HTTP2Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let negotiation = NIOTypedApplicationProtocolNegotiationHandler<Negotiated> { result in
                switch result {
                case .negotiated("h2"):
                    return http2.setup(channel: channel, logger: logger).map { .http2($0) }
                case .negotiated("http/1.1"), .fallback:
                    return http1.setup(channel: channel, logger: logger).map { .http1_1($0) }
                case .negotiated:
                    // Only h2 and http/1.1 are offered: anything else is a client that does not speak HTTP.
                    return channel.close().flatMapThrowing { throw NIOHTTP2Errors.invalidALPNToken() }
                }
            }
            try channel.pipeline.syncOperations.addHandler(negotiation)
            return Value(negotiated: negotiation.protocolNegotiationResult, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.negotiated.get() {
            case .http1_1(let http1Value): await http1.handle(value: http1Value, logger: logger)
            case .http2(let http2Value): await http2.handle(value: http2Value, logger: logger)
            }
        } catch {
            logger.debug("The connection closed before it settled on HTTP/1.1 or HTTP/2", metadata: ["error": "\(error)"])
        }
    }
}
