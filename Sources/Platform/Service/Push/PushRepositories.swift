import CadenceCore
import Foundation

public protocol PushSubscriptionRepository: Sendable {
    /// Adds it, or (same endpoint: the browser subscribed again) replaces the old one.
    func save(_ subscription: PushSubscription) async throws
    func subscriptions(accountID: UUID) async throws -> [PushSubscription]
    /// - Returns: false when no subscription of this account has that id.
    func delete(id: UUID, accountID: UUID) async throws -> Bool
    /// Sets the wrist-cues choice of the account's subscription with this endpoint; nil when it has none.
    func setWristCues(_ on: Bool, endpoint: String, accountID: UUID) async throws -> PushSubscription?
    /// Whether any subscription of the account takes wrist cues.
    func wantsWristCues(accountID: UUID) async throws -> Bool
    func recordOutcome(id: UUID, deliveredAt: Date?, error: String?) async throws
    /// The modules this person turned off.
    func mutedModules(accountID: UUID) async throws -> Set<PushModule>
    func setMutedModules(_ modules: Set<PushModule>, accountID: UUID) async throws
}

public protocol VAPIDKeyRepository: Sendable {
    /// The installation's key as stored, creating it with `candidate` when there is none. Two instances starting at
    /// once both get the one that was stored first.
    func key(creatingWith candidate: String, at: Date) async throws -> String
}
