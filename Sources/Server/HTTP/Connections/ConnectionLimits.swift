import NIOCore

/// How long the server waits on a client, and how many connections one address may hold
/// (docs/operations.md, "Connections"). `cadence serve` sets them from its flags.
public struct ConnectionLimits: Sendable {
    /// Once the first byte of a request has come, its head (request line and headers) must be whole within this.
    public var headerTimeout: TimeAmount
    /// While the server waits on a client (for its next request, or for more of a body), the client may stay silent this long.
    public var idleTimeout: TimeAmount
    /// Open connections one client address may hold; nil for no cap (behind a reverse proxy, whose address every
    /// connection then has).
    public var connectionsPerAddress: Int?
    /// Each WebSocket is pinged this often; one that has not answered a ping by the next is closed (so a device that
    /// vanished without a word stops counting as online), and the traffic keeps proxies from timing it out.
    public var webSocketPingInterval: TimeAmount = .seconds(15)

    public init(headerTimeout: TimeAmount, idleTimeout: TimeAmount, connectionsPerAddress: Int?) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.connectionsPerAddress = connectionsPerAddress
    }

    public static let standard = ConnectionLimits(headerTimeout: .seconds(15), idleTimeout: .seconds(60), connectionsPerAddress: 128)

    /// After an answer given before its request's body was read, the rest of the body is read and dropped for at most
    /// this long before the connection closes (RFC 9112 §9.6): a client that sends the whole body before reading
    /// (Python's http.client, many SDKs) still gets the answer instead of a reset.
    static let lingerLimit: TimeAmount = .seconds(30)
}

extension ConnectionLimits {
    /// As `cadence serve` takes them: seconds, and 0 for no cap.
    public init(headerTimeoutSeconds: Double, idleTimeoutSeconds: Double, connectionsPerAddress: Int) {
        self.init(headerTimeout: .nanoseconds(Int64(headerTimeoutSeconds * 1e9)),
                  idleTimeout: .nanoseconds(Int64(idleTimeoutSeconds * 1e9)),
                  connectionsPerAddress: connectionsPerAddress == 0 ? nil : connectionsPerAddress)
    }

    public static func seconds(_ amount: TimeAmount) -> Double {
        Double(amount.nanoseconds) / 1e9
    }
}
