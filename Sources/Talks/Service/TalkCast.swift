import Foundation
import Talks

/// What is cast to an account's watches: a topic, and the run in progress if any.
public struct TalkCast: Equatable, Sendable {
    public let topicID: UUID
    public let runID: UUID?

    public init(topicID: UUID, runID: UUID?) {
        self.topicID = topicID
        self.runID = runID
    }
}
