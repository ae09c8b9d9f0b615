import Foundation

/// A person's account, as every module sees it. The password hash never leaves Storage.
public struct Account: Equatable, Sendable, Codable {
    public let id: UUID
    public var email: String
    public var displayName: String
    public let createdAt: Date

    public init(id: UUID, email: String, displayName: String, createdAt: Date) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.createdAt = createdAt
    }
}
