import Foundation

/// Where the beats of a song fall: the times a listener would tap at the estimated tempo, and, when the accents
/// make it clear, which of them start a bar.
public struct BeatTrack: Sendable, Equatable, Codable {
    /// Beat times in seconds from the start of the audio, increasing.
    public let times: [Double]
    /// Beats counted per bar (4: the metres a runner moves to).
    public let beatsPerBar: Int
    /// Index into `times` of the first beat that starts a bar, or nil when no beat of the bar stands out.
    public let downbeat: Int?

    public init(times: [Double], beatsPerBar: Int = 4, downbeat: Int? = nil) {
        self.times = times
        self.beatsPerBar = beatsPerBar
        self.downbeat = downbeat
    }

    public static let none = BeatTrack(times: [])

    /// The times of the beats that start bars (empty without a downbeat).
    public var barStarts: [Double] {
        guard let downbeat, beatsPerBar > 0 else { return [] }
        return stride(from: downbeat, to: times.count, by: beatsPerBar).map { times[$0] }
    }
}

/// Everything the rhythm analysis finds in one pass over the audio.
public struct RhythmAnalysis: Sendable, Equatable {
    public let tempo: TempoEstimate
    public let beats: BeatTrack
}
