import Foundation
import Synchronization

/// The live channel as a feature's web layer sees it: announce events, read the newest of a kind, remember which
/// commands were applied.
public protocol LiveChannel: LiveAnnouncing {
    var commandHandlers: LiveCommandHandlers { get }
    /// Which of a feature's events also go out as Web Push notifications.
    var pushRules: LivePushRules { get }
    /// Notes a command's id; false when the same id was applied before (a device retrying).
    func recordCommand(_ commandID: String, accountID: UUID) async throws -> Bool
    /// The newest kept event of these types (the audience screens' current slide), if any.
    func latestEvent(accountID: UUID, types: [String]) async throws -> LiveEvent?
}
