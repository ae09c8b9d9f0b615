/// What the live tempo carries from one step to the next.
public struct LiveTempoState: Sendable, Equatable, Codable {
    /// The playback rate now; nil when a song has just started (the step then starts from its planned rate).
    public var rate: Double?
    /// The last cadence followed (sensor or plan), kept for open-ended stretches without data.
    public var lastCadence: Double?
    /// How far heart rate has moved the target cadence, a fraction (−0.03: 3 % slower); 0 when it steers nothing.
    public var heartRateEase: Double
    public init(rate: Double? = nil, lastCadence: Double? = nil, heartRateEase: Double = 0) {
        self.rate = rate; self.lastCadence = lastCadence; self.heartRateEase = heartRateEase
    }

    /// Call when the player moves to another song: its rate starts from the planned one.
    public mutating func songChanged() { rate = nil }
}
