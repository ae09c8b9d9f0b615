

/// Everything the run page shows about a finished run.
public struct RunSummary: Sendable, Equatable, Codable {
    /// Time of the first sample, ms since 1970.
    public var startTime: Int64 = 0
    /// Seconds from the first to the last sample.
    public var elapsedSeconds = 0.0
    /// Elapsed time minus pauses and stops (see `RunStats`).
    public var movingSeconds = 0.0
    public var distance = 0.0
    public var distanceSource = DistanceSource.none
    /// Seconds per km over moving time; nil without distance.
    public var averagePace: Double?
    /// m/s over moving time; nil without distance.
    public var averageSpeed: Double?
    /// Per kilometre; the last one may be shorter.
    public var splits: [Split] = []
    /// Per mile (1,609.344 m), for people who read miles; nil in summaries stored before they were kept.
    public var mileSplits: [Split]?
    public var elevationGain = 0.0
    public var elevationLoss = 0.0
    public var averageHeartRate: Double?
    public var maxHeartRate: Double?
    public var averageCadence: Double?
    public var calories = CalorieEstimate(kilocalories: 0, method: .acsmRunning, methodText: "")
    public var series = RunSeries()
    /// The fastest 1, 5 and 10 km inside the run (moving time); nil in summaries stored before they were kept.
    public var bestEfforts: [BestEffort]?
}
