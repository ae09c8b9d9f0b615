/// Where the live tempo's target came from.
public enum TempoSource: String, Sendable, Equatable, Codable {
    /// The runner's own cadence, measured within the last 5 s.
    case sensor
    /// The workout plan's cadence at this moment (sensor data missing or stale).
    case plan
    /// The last cadence followed, kept when the plan is open-ended (or over) and the sensors went quiet.
    case lastKnown
}
