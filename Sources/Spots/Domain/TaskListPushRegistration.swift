import CadenceCore
import Crypto
import Foundation

/// A WebDAV-Push client's registration on a task list (draft-bitfire-webdav-push-00 §4): where to push (a Web Push
/// subscription) and which changes it wants. It belongs to the calendar app's app password (its device) and goes with
/// it. Its id is the last segment of the registration URL the client deletes it by.
public struct TaskListPushRegistration: Sendable, Equatable {
    public let id: String
    public let accountID: UUID
    public let deviceID: UUID
    public let listID: UUID
    public let target: WebPushTarget
    /// Pushes when a task in the list is added, changed or removed (content updates, depth 1).
    public var contentUpdates: Bool
    /// Pushes when the list's own properties change (its name; property updates, depth 0).
    public var propertyUpdates: Bool
    public var expiresAt: Date

    public init(id: String, accountID: UUID, deviceID: UUID, listID: UUID, target: WebPushTarget, contentUpdates: Bool,
                propertyUpdates: Bool, expiresAt: Date) {
        self.id = id
        self.accountID = accountID
        self.deviceID = deviceID
        self.listID = listID
        self.target = target
        self.contentUpdates = contentUpdates
        self.propertyUpdates = propertyUpdates
        self.expiresAt = expiresAt
    }

    /// A new registration's id: 16 random bytes, base64url (the URL is only ever used with the account's password,
    /// but an id nobody can guess also keeps `Push-Dont-Notify` from naming another client's by accident).
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode(Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    /// How long a registration lasts: what the client asks (DAVx5 asks three days and renews daily), kept between a day
    /// and a month; a week when it asks nothing.
    public static func expiry(requested: Date?, now: Date) -> Date {
        guard let requested else { return now.addingTimeInterval(7 * 86_400) }
        return min(max(requested, now.addingTimeInterval(86_400)), now.addingTimeInterval(30 * 86_400))
    }

    /// Registrations one account may hold in all (every list, every app): enough for many devices, and a bound on
    /// what one change can fan out to.
    public static let perAccountLimit = 200
}

/// A task list's push topic: the draft's "server-wide unique identifier" of the collection, here its id (random, fixed
/// for its life) in base64url, 22 characters, so it also fits RFC 8030's `Topic` header (32 at most).
public enum TaskListPushTopic {
    public static func of(_ list: TaskList) -> String { of(listID: list.id) }

    public static func of(listID: UUID) -> String {
        let bytes = withUnsafeBytes(of: listID.uuid) { Data($0) }
        return Base64URL.encode(bytes)
    }

    /// RFC 8030's `Topic` header, so a newer message replaces an undelivered older one of the same list. The push
    /// service sees it, so it is a digest of the topic, not the topic (which the client reads inside the encryption).
    public static func header(for topic: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(("webdav-push:" + topic).utf8))).prefix(24))
    }
}

/// The push message (draft §5.1): the topic, and what changed — the content (with the list's new sync token, so a
/// client that already has it can skip its sync) and/or the list's properties.
public enum TaskListPushMessage {
    public static func xml(topic: String, contentUpdate: Bool, syncToken: String?, propertyUpdate: Bool) -> String {
        var out = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
            + #"<P:push-message xmlns:P="https://bitfire.at/webdav-push" xmlns:D="DAV:">"#
            + "<P:topic>\(escape(topic))</P:topic>"
        if contentUpdate {
            out += syncToken.map { "<P:content-update><D:sync-token>\(escape($0))</D:sync-token></P:content-update>" }
                ?? "<P:content-update/>"
        }
        if propertyUpdate { out += "<P:property-update/>" }
        return out + "</P:push-message>\n"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
