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
