import CadenceCore
import Foundation
import TempoService
import Web

/// `/watch/run`: the run at a glance on a paired watch, in its account's units.
struct TempoWatchRunPage: Sendable {
    let bodyClass = "page device-page tempo-watch-page"
    let heading: String
    let deviceId: String
    let units: String

    init(deviceName: String, deviceId: String, messages: Messages, units: UnitSystem) {
        heading = messages("tempo.runs.watch.heading", ["device": deviceName])
        self.deviceId = deviceId
        self.units = units.rawValue
    }
}
