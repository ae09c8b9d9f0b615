/// A point of a chart series: seconds since the start of the run (wall clock, pauses included,
/// so the chart lines up with the run's clock) and a value.
public struct ChartPoint: Sendable, Equatable, Codable {
    public let seconds: Double
    public let value: Double
    public init(seconds: Double, value: Double) { self.seconds = seconds; self.value = value }
}
