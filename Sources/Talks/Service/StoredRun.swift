import Foundation
import Talks

/// A run as kept: which topic it ran, its steps, and when it began.
public struct StoredRun: Sendable {
    public let id: UUID
    public let topicID: UUID
    public let run: TalkRun
    public let createdAt: Date

    public init(id: UUID, topicID: UUID, run: TalkRun, createdAt: Date) {
        self.id = id
        self.topicID = topicID
        self.run = run
        self.createdAt = createdAt
    }
}
