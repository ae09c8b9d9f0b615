import Foundation

/// A watch, display or phone paired to an account. It proves itself with a
/// long-lived device token of which only the hash is stored.
public struct Device: Equatable, Sendable, Codable {
    public let id: UUID
    public let accountID: UUID
    public var role: DeviceRole
    public var name: String
    public let createdAt: Date
    public var lastSeenAt: Date

    public init(id: UUID, accountID: UUID, role: DeviceRole, name: String, createdAt: Date, lastSeenAt: Date) {
        self.id = id
        self.accountID = accountID
        self.role = role
        self.name = name
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }

    public static let maximumNameLength = 40

    /// A trimmed, non-empty name of at most 40 characters ("Ann's watch", "Hall screen 2").
    public static func name(_ raw: String, field: String = "name") throws(ValidationError) -> String {
        try RequiredText.check(raw, field: field, maximumLength: maximumNameLength,
                               whenEmpty: "Give the device a name.", noun: "A device name",
                               keys: .under("devices.error.name", empty: "empty"))
    }
}
