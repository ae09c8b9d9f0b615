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
}
