import Foundation

/// One signed-in browser or CLI. Only the SHA-256 of its token is stored, so a
/// database leak does not hand out live sessions.
public struct SessionRecord: Equatable, Sendable {
    public let id: UUID
    public let accountID: UUID
    public let createdAt: Date
    public var lastUsedAt: Date
    public let userAgent: String

    public init(id: UUID, accountID: UUID, createdAt: Date, lastUsedAt: Date, userAgent: String) {
        self.id = id
        self.accountID = accountID
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.userAgent = userAgent
    }
}
