import CadenceCore
import Foundation

/// What an interval asks for: an effort zone, a cadence (steps/min, or rpm when cycling), or a pace.
public enum Target: Equatable, Sendable {
    case zone(Int)
    case cadence(Double)
    /// Seconds per kilometre.
    case pace(secondsPerKm: Double)

    var kind: String {
        switch self {
        case .zone: "zone"
        case .cadence: "cadence"
        case .pace: "pace"
        }
    }
}
