import Foundation

/// Who has asked for cues on the wrist: a phone whose notifications a watch mirrors ("Cues on my watch through this
/// phone's notifications", issue 37). Talks and Tempo ask before they time a run's notifications, so a run nobody
/// listens to costs no claims and no pushes.
public protocol WristCueListeners: Sendable {
    /// Whether a phone of the account takes cues for the wrist and the feature sending them (`module`) is not muted.
    func wantsWristCues(accountID: UUID, from module: PushModule) async throws -> Bool
}
