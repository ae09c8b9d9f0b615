import Foundation

/// One open live socket, as other devices of the account see it (P3 presence).
public struct PresenceEntry: Equatable, Sendable {
    public let connectionID: UUID
    public let accountID: UUID
    public let deviceID: UUID?
    public let name: String
    /// phone, watch or display; a signed-in browser counts as a phone.
    public let role: String

    public init(connectionID: UUID, accountID: UUID, deviceID: UUID?, name: String, role: String) {
        self.connectionID = connectionID
        self.accountID = accountID
        self.deviceID = deviceID
        self.name = name
        self.role = role
    }
}
