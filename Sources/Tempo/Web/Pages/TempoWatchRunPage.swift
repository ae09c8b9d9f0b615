import Foundation
import TempoService
import Web

/// `/watch/run`: the run at a glance on a paired watch.
struct TempoWatchRunPage: Sendable {
    let bodyClass = "page device-page tempo-watch-page"
    let deviceName: String
    let deviceId: String
}
