import CadenceCore

/// What `TrackCleaning` changed in a track, as counts (for tests and the API) and as
/// sentences (for the person who uploaded the file and wonders why a number looks different).
public struct CleaningReport: Sendable, Equatable, Codable {
    /// Samples given.
    public var inputCount = 0
    /// Samples returned (every distinct time is kept).
    public var keptCount = 0
    /// Samples with the same time as an earlier one, merged into it.
    public var repeatedSamples = 0
    /// Positions with a missing half (latitude without longitude), not finite, or off the globe.
    public var invalidPositions = 0
    /// Positions too far from the last kept one for the time between them.
    public var impossibleJumps = 0
    /// Heart rates outside `TrackCleaning.heartRateRange`, removed.
    public var heartRatesRemoved = 0
    /// Cadences outside `TrackCleaning.cadenceRange`, removed.
    public var cadencesRemoved = 0
    /// One sentence per kind of change, e.g. "2 repeated samples dropped", for the reader's language to say.
    public var changeNotes: [Note] = []

    public init() {}

    /// True when the track came through unchanged (apart from ordering).
    public var isClean: Bool {
        repeatedSamples + invalidPositions + impossibleJumps + heartRatesRemoved + cadencesRemoved == 0
    }
}
