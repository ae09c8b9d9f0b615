import Foundation

/// A notification as a feature describes it; the platform encrypts it for each subscription and delivers it
/// (RFC 8030). The service worker shows `title`, `body` and the `actions`, and opens `url` when tapped.
public struct PushNotification: Codable, Sendable, Equatable {
    /// RFC 8030 §5.3: how urgently the push service should wake the device (it saves battery on the rest).
    public enum Urgency: String, Codable, Sendable { case veryLow = "very-low", low, normal, high }

    /// A button on the notification, handled by the service worker without opening a page.
    public struct Action: Codable, Sendable, Equatable {
        public let action: String
        public let title: String
        public init(action: String, title: String) {
            self.action = action
            self.title = title
        }
    }

    public let module: PushModule
    public var title: String
    public var body: String
    /// Notifications with one tag replace each other (a second "find my device" does not stack).
    public var tag: String
    /// The page to open when the notification is tapped (a path on this server).
    public var url: String
    public var actions: [Action]
    /// What the actions act on (`reminderId`); read by the service worker.
    public var data: [String: String]
    public var urgency: Urgency
    /// Seconds the push service keeps it for a device that is offline; an alert is worthless after a while.
    public var timeToLive: Int
    /// Only these roles' devices get it (a talk cast concerns the watch); nil: every subscription.
    public var roles: Set<DeviceRole>?
    /// Only this paired device gets it ("find my device"); nil: every device the roles allow.
    public var device: UUID?
    /// Keep it on screen until the person acts (an alert), where the platform allows.
    public var requireInteraction: Bool
    /// Words the service worker may have to say later, in the account's language (an action that failed), with
    /// `{name}` placeholders it fills; sent only when there are some.
    public var texts: [String: String]
    /// Only subscriptions whose person chose "cues on my watch through this phone's notifications" get it.
    public var wristCuesOnly = false
    /// The buzz, as the Vibration API takes it (ms on, off, on…); nil: the service worker's usual one.
    public var vibrate: [Int]?
    /// A page that says the same itself: not shown while a window of it is in front (the live run's intervals).
    public var quietWhileOpen: String?

    public init(module: PushModule, title: String, body: String, tag: String, url: String, actions: [Action] = [],
                data: [String: String] = [:], urgency: Urgency = .normal, timeToLive: Int = 3600,
                roles: Set<DeviceRole>? = nil, device: UUID? = nil, requireInteraction: Bool = false, texts: [String: String] = [:]) {
        self.texts = texts
        self.device = device
        self.module = module
        self.title = title
        self.body = body
        self.tag = tag
        self.url = url
        self.actions = actions
        self.data = data
        self.urgency = urgency
        self.timeToLive = timeToLive
        self.roles = roles
        self.requireInteraction = requireInteraction
    }

    /// Whether a subscription of this role and device (and its choice of wrist cues) is meant.
    public func isFor(role: DeviceRole, deviceID: UUID?, wristCues: Bool = false) -> Bool {
        (roles?.contains(role) ?? true) && (device == nil || device == deviceID) && (!wristCuesOnly || wristCues)
    }

    /// What the service worker receives (after decryption): everything it shows, nothing about delivery.
    public var payload: Data {
        var object: [String: Any] = [
            "title": title, "body": body, "tag": tag, "url": url, "module": module.rawValue,
            "actions": actions.map { ["action": $0.action, "title": $0.title] }, "data": data,
            "requireInteraction": requireInteraction,
        ]
        if !texts.isEmpty { object["texts"] = texts }
        if let vibrate { object["vibrate"] = vibrate }
        if let quietWhileOpen { object["quietWhileOpen"] = quietWhileOpen }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
