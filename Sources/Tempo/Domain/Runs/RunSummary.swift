/// Where a run's distance came from.
public enum DistanceSource: String, Sendable, Equatable, Codable {
    /// Summed between GPS positions (3-D, elevation included).
    case positions
    /// The device's own distance field (TCX `DistanceMeters`, a foot pod): no positions in the track.
    case device
    /// Neither: distance is 0 and pace is unknown.
    case none
}

/// One split: a full kilometre, or the part-kilometre at the end.
public struct Split: Sendable, Equatable, Codable {
    /// 1-based.
    public let number: Int
    /// Metres: 1,000 for a full split, less for the last one.
    public let distance: Double
    /// Moving seconds the split took (pauses excluded).
    public let seconds: Double
    /// Seconds per km over the split (for a partial split, scaled to a km).
    public var pace: Double { distance > 0 ? seconds / distance * 1000 : 0 }
    /// Time-weighted mean heart rate over the split, nil without heart rate.
    public let averageHeartRate: Double?
    /// Metres climbed and descended in the split (hysteresis, see `ElevationHysteresis`).
    public let elevationGain: Double
    public let elevationLoss: Double
}

/// The charts of a run, each at most `RunStats.defaultSeriesPoints` points; empty when the track lacks the reading.
public struct RunSeries: Sendable, Equatable, Codable {
    /// Seconds per km, from the distance covered over the last 10 s; absent while standing.
    public var pace: [ChartPoint] = []
    public var heartRate: [ChartPoint] = []
    public var cadence: [ChartPoint] = []
    /// The music's tempo (BPM after stretching).
    public var tempo: [ChartPoint] = []
    public var elevation: [ChartPoint] = []
}

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
    public var splits: [Split] = []
    public var elevationGain = 0.0
    public var elevationLoss = 0.0
    public var averageHeartRate: Double?
    public var maxHeartRate: Double?
    public var averageCadence: Double?
    public var calories = CalorieEstimate(kilocalories: 0, method: .acsmRunning, methodText: "")
    public var series = RunSeries()
}
