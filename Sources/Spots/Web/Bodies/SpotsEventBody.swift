import Foundation
import Web
import Hummingbird
import Spots
import SpotsService

struct SpotsEventBody: JSONResponse {
    let at: Date
    let kind: String
    let device: String
    let fired: Bool
    let late: Bool
    let outcome: String?
    let distance: Double?
    let accuracy: Double?
    let reason: String

    init(_ event: SpotsEvent, deviceName: String) {
        at = event.at
        kind = event.kind
        device = deviceName
        fired = event.fired
        late = event.late
        outcome = event.decision?.outcome.rawValue
        distance = event.decision?.distance
        accuracy = event.decision?.accuracy
        reason = event.decision?.reason
            ?? (event.late ? "Sent late: it fell due while the server was not running." : "Sent at its due time.")
    }
}
