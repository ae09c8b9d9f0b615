/// What one step of the live tempo sees.
public struct LiveTempoInput: Sendable, Equatable, Codable {
    /// ms since 1970.
    public var now: Int64
    /// The plan's cadence now; nil when there is no plan or it has ended (open-ended).
    public var planCadence: Double?
    public var sensor: SensorReading?
    /// The playing song's BPM as recorded (the user's override when set).
    public var songBPM: Double
    /// The rate the playlist planned for this song; where a new song starts.
    public var plannedRate: Double
    /// Largest stretch either way, a fraction (0.08 = the rate stays in 0.92…1.08).
    public var stretchBudget: Double
    /// Largest rate change per step (an absolute rate difference: 0.02 = 2% of the song's tempo).
    public var stepCap: Double
    /// The heart rates the current interval asks for, when its target is a zone and the runner's maximum is known.
    public var heartRateZone: HeartRateBand?

    public init(now: Int64, planCadence: Double?, sensor: SensorReading?, songBPM: Double, plannedRate: Double,
                stretchBudget: Double = LiveTempo.defaultStretchBudget, stepCap: Double = LiveTempo.defaultStepCap,
                heartRateZone: HeartRateBand? = nil) {
        self.now = now; self.planCadence = planCadence; self.sensor = sensor; self.songBPM = songBPM
        self.plannedRate = plannedRate; self.stretchBudget = stretchBudget; self.stepCap = stepCap
        self.heartRateZone = heartRateZone
    }
}
