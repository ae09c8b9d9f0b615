import CadenceCore
import Foundation

/// The live channel's history: numbered events per account, and the command ids already applied.
public protocol LiveEventRepository: Sendable {
    /// Numbers and keeps an event, and tells the other instances sharing the database of it once it is kept.
    func append(accountID: UUID, type: String, data: String, at: Date) async throws -> LiveEvent
    func event(accountID: UUID, seq: Int64) async throws -> LiveEvent?
    /// Kept events after `seq`, oldest first, at most `limit`.
    func events(accountID: UUID, after seq: Int64, limit: Int) async throws -> [LiveEvent]
    func bounds(accountID: UUID) async throws -> (latest: Int64, oldestKept: Int64?)
    /// The newest kept event of one of these types (what a screen shows now, for a page that just opened).
    func latest(accountID: UUID, types: [String]) async throws -> LiveEvent?
    func prune(olderThan: Date) async throws
    /// Records a command id; false when this account already sent it.
    func recordCommand(accountID: UUID, commandID: String, at: Date) async throws -> Bool
}
