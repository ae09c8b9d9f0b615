import Foundation
import TempoService
import Web

/// `/phone/tempo/run`: the live run, with the plan and playlist picked beforehand (empty when none).
struct TempoLiveRunPage: Sendable {
    let planId: String
    let playlistId: String
}
