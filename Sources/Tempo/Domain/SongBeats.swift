import Foundation

/// A song's beats as the analysis found them: times from the start of the file, and which beat starts the first bar
/// when the accents show it.
public struct SongBeats: Equatable, Sendable, Codable {
    public let timesMs: [Int64]
    public let beatsPerBar: Int
    /// Index into `timesMs` of the first bar's first beat; nil when no beat of the bar stands out.
    public let downbeat: Int?

    public init(timesMs: [Int64], beatsPerBar: Int, downbeat: Int?) {
        self.timesMs = timesMs
        self.beatsPerBar = beatsPerBar
        self.downbeat = downbeat.flatMap { timesMs.indices.contains($0) ? $0 : nil }
    }

    /// The times of the beats that start bars (empty without a downbeat).
    public var barStartsMs: [Int64] {
        guard let downbeat, beatsPerBar > 0 else { return [] }
        return stride(from: downbeat, to: timesMs.count, by: beatsPerBar).map { timesMs[$0] }
    }
}
