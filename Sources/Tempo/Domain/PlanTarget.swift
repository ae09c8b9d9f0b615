import Foundation

/// Where a workout is at a moment: what the live run (M4) follows.
public struct PlanTarget: Equatable, Sendable {
    public let segment: PlanSegment
    public let elapsedInSegment: Double
    public let remainingInSegment: Double
    /// Cadence asked for now (steps/min, or rpm); also the music tempo at 1:1.
    public let cadence: Double
    /// Effort as a continuous zone, 1…5.
    public let effort: Double
    /// Seconds per km: the interval's own pace for pace targets, otherwise the assumed pace.
    public let pace: Double
    public var zone: Int { Int(effort.rounded()) }
}
