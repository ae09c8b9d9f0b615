import Foundation

/// One TCX lap: its own totals, and which samples belong to it.
public struct RecordedLap: Sendable, Equatable {
    /// `Lap StartTime`, ms since 1970 UTC.
    public var startTime: Int64?
    public var totalTimeSeconds: Double?
    public var distanceMeters: Double?
    public var calories: Double?
    /// Index into `RecordedActivity.samples` of this lap's first trackpoint.
    public var firstSampleIndex: Int
    public var sampleCount: Int

    public init(startTime: Int64?, totalTimeSeconds: Double? = nil, distanceMeters: Double? = nil,
                calories: Double? = nil, firstSampleIndex: Int, sampleCount: Int) {
        self.startTime = startTime; self.totalTimeSeconds = totalTimeSeconds
        self.distanceMeters = distanceMeters; self.calories = calories
        self.firstSampleIndex = firstSampleIndex; self.sampleCount = sampleCount
    }
}
