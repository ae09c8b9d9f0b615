import Foundation

/// A playlist laid out as one continuous recording (PRODUCT M6): where each song is cut, how fast it plays at each
/// moment, and where consecutive songs overlap so that their beats fall together.
public struct MixPlan: Equatable, Sendable {
    /// From `source` (the file's seconds) on, the part plays at `rate` (a tempo factor: 1.05 plays 5 % faster).
    public struct TempoStep: Equatable, Sendable {
        public let source: Double
        public let rate: Double
    }

    public struct Part: Equatable, Sendable {
        public let songID: UUID
        /// The playlist entry it plays (its index in `Playlist.entries`): a song repeated in the playlist is one part per entry.
        public let entry: Int
        /// The entry's playback rate, the one the playlist planned for the whole song.
        public let rate: Double
        /// The stretch of the song file that plays, in the file's seconds; before 0 and after the file's end is silence.
        public let sourceStart: Double
        public let sourceEnd: Double
        /// Where it starts in the mix, in the mix's seconds.
        public let mixStart: Double
        /// Seconds of crossfade with the part before (0 for the first).
        public let fadeIn: Double
        /// For a part after a crossfade: the mix time at which the previous song's beat and this song's beat coincide
        /// (the middle of the fade); nil where either song has no beats to align.
        public let alignedAt: Double?
        /// True when the two songs' beats keep the same period through the fade (this part plays at the outgoing
        /// song's tempo during it), not only at its middle.
        public let tempoMatched: Bool
        /// The rate at each moment: the first step is at `sourceStart`; each holds until the next.
        public let tempo: [TempoStep]

        public var mixDuration: Double { mixTime(sourceEnd) - mixStart }
        public var mixEnd: Double { mixStart + mixDuration }

        /// Where a moment of the file is heard in the mix.
        public func mixTime(_ source: Double) -> Double {
            var t = mixStart
            for (index, step) in tempo.enumerated() {
                let end = index + 1 < tempo.count ? tempo[index + 1].source : .infinity
                guard source > step.source else { break }
                t += (min(source, end) - step.source) / step.rate
            }
            return t
        }

        /// The moment of the file heard at mix time `t`.
        public func sourceTime(atMix t: Double) -> Double {
            var at = mixStart
            for (index, step) in tempo.enumerated() {
                let end = index + 1 < tempo.count ? tempo[index + 1].source : .infinity
                let span = (end - step.source) / step.rate
                if t <= at + span || index + 1 == tempo.count { return step.source + (t - at) * step.rate }
                at += span
            }
            return sourceStart
        }

        /// The rate in effect at file time `source`.
        public func rate(at source: Double) -> Double {
            tempo.last { $0.source <= source }?.rate ?? tempo.first?.rate ?? rate
        }
    }

    public let parts: [Part]
    /// Seconds of fade-out at the very end.
    public let fadeOut: Double

    public var duration: Double { parts.last?.mixEnd ?? 0 }
}

/// What the mix planner needs to know of each song: its length and where its beats are (file seconds).
public struct MixSong: Equatable, Sendable {
    public let durationSeconds: Double
    public let beats: [Double]

    public init(durationSeconds: Double, beats: [Double]) {
        self.durationSeconds = durationSeconds
        self.beats = beats
    }

    /// The median gap between tracked beats, nil with fewer than two.
    var beatPeriod: Double? {
        let gaps = zip(beats.dropFirst(), beats).map { $0 - $1 }.sorted()
        return gaps.isEmpty ? nil : gaps[gaps.count / 2]
    }
}
