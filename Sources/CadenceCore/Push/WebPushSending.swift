import Foundation

/// Web Push to a subscription that is not a Cadence page's: a WebDAV-Push client's (DAVx5, KDE), which registers its
/// push resource with a calendar collection (issue 41). The platform's push service signs (VAPID), encrypts
/// (RFC 8291) and delivers; the feature decides what the message says and whom it goes to.
public protocol WebPushSending: Sendable {
    /// The installation's VAPID public key, uncompressed and base64url, as clients bind their subscriptions to it.
    func applicationServerKey() async throws -> String
    /// The subscription as given, checked like a browser's (the endpoint rule against reaching this server's own
    /// network, the key a point on P-256, the secret 16 bytes). - Throws: `ValidationError` naming what is wrong.
    func target(endpoint: String, p256dh: String, auth: String) throws -> WebPushTarget
    /// Encrypts and delivers one message, retrying what the push service asks to be retried.
    func deliver(_ message: WebPushMessage, to target: WebPushTarget) async -> WebPushDelivery
}

/// Where a push goes and the keys its content is encrypted for.
public struct WebPushTarget: Sendable, Equatable {
    public let endpoint: String
    /// The user agent's P-256 public key (65 bytes) and auth secret (16 bytes).
    public let userAgentKey: Data
    public let authSecret: Data

    public init(endpoint: String, userAgentKey: Data, authSecret: Data) {
        self.endpoint = endpoint
        self.userAgentKey = userAgentKey
        self.authSecret = authSecret
    }
}

/// A message as the feature writes it; encrypted per target.
public struct WebPushMessage: Sendable {
    public var body: Data
    /// What the decrypted body is (WebDAV-Push: `application/xml; charset="UTF-8"`).
    public var contentType: String
    /// Seconds the push service keeps it for a device that is offline.
    public var timeToLive: Int
    public var urgency: PushNotification.Urgency
    /// RFC 8030 §5.4: a newer message with the same topic replaces an undelivered one (visible to the push service).
    public var topic: String?

    public init(body: Data, contentType: String, timeToLive: Int, urgency: PushNotification.Urgency = .normal, topic: String? = nil) {
        self.body = body
        self.contentType = contentType
        self.timeToLive = timeToLive
        self.urgency = urgency
        self.topic = topic
    }
}

/// What became of one delivery.
public enum WebPushDelivery: Sendable, Equatable {
    case delivered
    /// 404/410, or an endpoint that leads somewhere refused: it will never work again.
    case gone
    case failed(reason: String)
}
