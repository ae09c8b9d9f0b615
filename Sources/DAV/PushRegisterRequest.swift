import Foundation

/// A WebDAV-Push `push-register` body (draft-bitfire-webdav-push-00 §4.1, §6.1): a Web Push subscription, the
/// triggers wanted and an expiry. Read the way the draft asks, relaxed: a missing trigger means content updates (DAVx5
/// sends none), a missing content-encoding means aes128gcm, an expiry that is not an IMF-fixdate is ignored. Only
/// what could never work is refused, with the draft's precondition.
public struct PushRegisterRequest: Equatable, Sendable {
    public let pushResource: String
    public let p256dh: String
    public let auth: String
    /// Content updates (the list's tasks) wanted, at any depth; a list's only level is its members (depth 1).
    public let contentUpdates: Bool
    /// Property updates (the list's name) wanted.
    public let propertyUpdates: Bool
    public let expires: Date?

    public init(body: Data) throws(DAVError) {
        let root = try DAVBody.parse(body)
        guard root.davName == .push("push-register") else {
            throw DAVError(status: 400, "A POST to a task list is a WebDAV-Push push-register (namespace \(DAVName.webdavPush)).")
        }
        guard let subscription = root.child(.push("subscription"))?.child(.push("web-push-subscription")) else {
            throw DAVError(status: 403, "The registration needs a subscription with a web-push-subscription (Web Push is the transport offered).",
                           condition: .push("invalid-subscription"))
        }
        func required(_ name: String) throws(DAVError) -> String {
            guard let text = subscription.child(.push(name))?.trimmedText, !text.isEmpty else {
                throw DAVError(status: 403, "The web-push-subscription has no \(name).", condition: .push("invalid-subscription"))
            }
            return text
        }
        pushResource = try required("push-resource")
        p256dh = try required("subscription-public-key")
        auth = try required("auth-secret")
        if let encoding = subscription.child(.push("content-encoding"))?.trimmedText, !encoding.isEmpty, encoding.lowercased() != "aes128gcm" {
            throw DAVError(status: 403, "The content-encoding \(encoding) is not offered; Cadence encrypts with aes128gcm (RFC 8291).",
                           condition: .push("invalid-subscription"))
        }
        if let trigger = root.child(.push("trigger")) {
            contentUpdates = trigger.child(.push("content-update")) != nil
            propertyUpdates = trigger.child(.push("property-update")) != nil
            guard contentUpdates || propertyUpdates else {
                throw DAVError(status: 403, "The trigger asks for neither content-update nor property-update.",
                               condition: .push("no-supported-trigger"))
            }
        } else {
            contentUpdates = true
            propertyUpdates = false
        }
        expires = root.child(.push("expires")).flatMap { Self.imfFixdate($0.trimmedText) }
    }

    /// RFC 9110 §5.6.7's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`; nil for anything else.
    public static func imfFixdate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])),
              let year = Int(parts[3]) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...31).contains(day), (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2])
        else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month + 1, day)
        (components.hour, components.minute, components.second) = (clock[0], clock[1], clock[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }
}
