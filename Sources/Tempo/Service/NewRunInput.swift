import CadenceCore
import Foundation
import Tempo

/// Starting a run. The id is the client's, so a device that lost the answer (or recorded
/// offline) can send the same run again without making a second one.
public struct NewRunInput: Decodable {
    public let id: UUID
    public let startedAt: Date
    public let activity: Activity?
    public let name: String?
    public let planId: UUID?
    public let playlistId: UUID?
    /// The person turned the runner simulator on: the run's readings are made up, and it says so.
    public let simulated: Bool?
}
