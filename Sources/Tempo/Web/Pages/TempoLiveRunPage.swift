import CadenceCore
import Foundation
import TempoService
import Web

/// `/phone/tempo/run`: the live run, with the plan and playlist picked beforehand (empty when none), in the
/// account's units.
struct TempoLiveRunPage: Sendable {
    let planId: String
    let playlistId: String
    let units: String
    /// "0.00 km" (or mi) in the person's digits, before the first second.
    let distanceZero: String
    let simPaceLabel: String

    init(planId: String, playlistId: String, messages: Messages, units: UnitSystem) {
        self.planId = planId
        self.playlistId = playlistId
        self.units = units.rawValue
        distanceZero = messages("tempo.runs.live.distance_zero", [
            "distance": LocaleFormat(language: messages.language).decimal(0, fractionDigits: 2), "unit": messages(units.distanceUnitKey)])
        simPaceLabel = messages(units == .metric ? "tempo.runs.live.sim_pace_km" : "tempo.runs.live.sim_pace_mi")
    }
}
