import CadenceCore
import Foundation

/// How a song's beat lines up with the movement.
public enum BeatMatch: String, Equatable, Sendable, Codable {
    /// One beat per step (or per pedal revolution).
    case direct
    /// One beat per two steps: an 85 BPM song carries a 170 steps/min cadence.
    case halfTime
    /// Two beats per step or revolution: a 180 BPM song carries 90 rpm (a beat per leg stroke).
    case doubleTime

    /// Cadence carried per song BPM.
    public var cadencePerBeat: Double {
        switch self {
        case .direct: 1
        case .halfTime: 2
        case .doubleTime: 0.5
        }
    }
}
