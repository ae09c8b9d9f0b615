import Geo

/// A track with its readings cleaned, and what was changed.
public struct CleanedTrack: Sendable, Equatable {
    /// Sorted by time, one sample per time.
    public let samples: [RunSample]
    public let report: CleaningReport
}
