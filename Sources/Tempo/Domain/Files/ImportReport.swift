import Foundation

/// What importing a file did, kept with the run: counts for programs, sentences for people.
public struct ImportReport: Sendable, Equatable, Codable {
    /// "gpx" or "tcx".
    public var format: String
    /// Trackpoints in the file (of its first activity, for TCX).
    public var points = 0
    /// Points stored as the run's samples.
    public var keptPoints = 0
    /// Points without a time, left out (a sample is a moment).
    public var untimedPoints = 0
    /// Points stamped earlier than the point before them in their segment, left out.
    public var outOfOrderPoints = 0
    /// Stretches recorded without a break (GPX segments of every track, TCX Tracks) that have
    /// points; the gaps between them are the run's pauses.
    public var segments = 0
    public var activityFrom = ActivitySource.unknown
    /// What the person should check: points left out, a clock that was not set.
    public var warnings: [String] = []
    /// What reading changed: cadence doubled, tracks kept apart.
    public var notes: [String] = []

    public init(format: String) { self.format = format }
}
