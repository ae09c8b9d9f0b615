import Foundation
import Talks

/// Where topics, runs and the cast live. Every call is scoped to one account: another account's id finds nothing.
public protocol TalkStore: Sendable {
    /// The account's topics, most recently changed first.
    func topics(accountID: UUID) async throws -> [Topic]
    func topic(id: UUID, accountID: UUID) async throws -> Topic?
    /// Creates or replaces the account's topic.
    func save(_ topic: Topic, accountID: UUID, at: Date) async throws
    /// Replaces the account's topic when it is still the one whose `etag` is `ifMatch`; false when it changed since.
    func replace(_ topic: Topic, accountID: UUID, at: Date, ifMatch: String) async throws -> Bool
    func deleteTopic(id: UUID, accountID: UUID) async throws -> Bool

    func run(id: UUID, accountID: UUID) async throws -> StoredRun?
    /// Creates or replaces a run (`createdAt` is kept from its first save).
    func saveRun(_ run: StoredRun, accountID: UUID, at: Date) async throws
    /// A topic's runs, newest first.
    func runs(topicID: UUID, accountID: UUID) async throws -> [StoredRun]

    func cast(accountID: UUID) async throws -> TalkCast?
    func setCast(_ cast: TalkCast?, accountID: UUID, at: Date) async throws

    /// Every account's runs saved at or after `since` (started, stepped), oldest change first: how each instance
    /// learns of runs to send wrist cues for, whichever instance took the step.
    func runsChanged(since: Date) async throws -> [AccountRun]
    /// Claims a run's wrist moment (`WristCue.key`) for sending; false when it was claimed before (by another
    /// instance, or before a restart).
    func claimWristCue(runID: UUID, moment: String, at: Date) async throws -> Bool
}

/// A run with the account it belongs to.
public struct AccountRun: Sendable {
    public let accountID: UUID
    public let run: StoredRun

    public init(accountID: UUID, run: StoredRun) {
        self.accountID = accountID
        self.run = run
    }
}
