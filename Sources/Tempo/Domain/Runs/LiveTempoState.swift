/// What the live tempo carries from one step to the next.
public struct LiveTempoState: Sendable, Equatable, Codable {
    /// The playback rate now; nil when a song has just started (the step then starts from its planned rate).
    public var rate: Double?
    /// The last cadence followed (sensor or plan), kept for open-ended stretches without data.
    public var lastCadence: Double?
    public init(rate: Double? = nil, lastCadence: Double? = nil) { self.rate = rate; self.lastCadence = lastCadence }

    /// Call when the player moves to another song: its rate starts from the planned one.
    public mutating func songChanged() { rate = nil }
}
