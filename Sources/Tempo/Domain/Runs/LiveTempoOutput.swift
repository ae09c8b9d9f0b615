/// The result of one step.
public struct LiveTempoOutput: Sendable, Equatable, Codable {
    /// Playback rate to apply now.
    public var rate: Double
    /// The cadence the music aims for; nil when nothing is known yet (the song keeps its speed).
    public var targetCadence: Double?
    public var source: TempoSource
    /// How the song counts against `targetCadence`; nil with no target.
    public var beat: LiveBeat?
    /// One line for the live screen and logs.
    public var reason: String
}
