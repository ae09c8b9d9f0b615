/// How the song's beat is counted against the movement (names as the planner's `BeatMatch`).
public enum LiveBeat: String, Sendable, Equatable, Codable {
    /// One beat per step.
    case direct
    /// One beat per two steps: an 85 BPM song for 170 steps/min.
    case halfTime
    /// Two beats per step or revolution: a 180 BPM song for 90 rpm on a bike.
    case doubleTime
}
