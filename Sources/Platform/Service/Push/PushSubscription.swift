import CadenceCore
import Foundation

/// A browser's push subscription (the Push API's `PushSubscription.toJSON()`), kept per device: a paired device's,
/// or a signed-in browser's session, and removed with it.
public struct PushSubscription: Sendable, Equatable {
    public let id: UUID
    public let accountID: UUID
    public let deviceID: UUID?
    public let sessionID: UUID?
    /// The push service's URL for this browser (RFC 8030 §5); a capability, so never shown in full.
    public let endpoint: String
    /// The browser's P-256 key (65 bytes) and auth secret (16 bytes), for RFC 8291.
    public let userAgentKey: Data
    public let authSecret: Data
    /// What the devices page calls it: the device's name, or the browser's.
    public let label: String
    /// The role it answers for (a session's browser counts as a phone).
    public let role: DeviceRole
    public let createdAt: Date
    public var lastDeliveredAt: Date?
    public var lastError: String?
    /// "Cues on my watch through this phone's notifications": a running talk's cues and a run's intervals come here.
    public var wristCues: Bool

    public init(id: UUID, accountID: UUID, deviceID: UUID?, sessionID: UUID?, endpoint: String, userAgentKey: Data, authSecret: Data,
                label: String, role: DeviceRole, createdAt: Date, lastDeliveredAt: Date? = nil, lastError: String? = nil,
                wristCues: Bool = false) {
        self.wristCues = wristCues
        self.id = id
        self.accountID = accountID
        self.deviceID = deviceID
        self.sessionID = sessionID
        self.endpoint = endpoint
        self.userAgentKey = userAgentKey
        self.authSecret = authSecret
        self.label = label
        self.role = role
        self.createdAt = createdAt
        self.lastDeliveredAt = lastDeliveredAt
        self.lastError = lastError
    }

    /// Where it points, for people: the push service's host (Google's, Mozilla's, Apple's…).
    public var service: String { URL(string: endpoint)?.host ?? "unknown" }
}
