import Foundation

/// A playlist laid out as one continuous recording (PRODUCT M6): where each song is cut, how fast it plays, and
/// where consecutive songs overlap so that their beats fall together.
public struct MixPlan: Equatable, Sendable {
    public struct Part: Equatable, Sendable {
        public let songID: UUID
        /// The playlist entry it plays (its index in `Playlist.entries`): a song repeated in the playlist is one part per entry.
        public let entry: Int
        /// Tempo factor applied to the song (its entry's playback rate): 1.05 plays 5 % faster.
        public let rate: Double
        /// The stretch of the song file that plays, in the file's seconds.
        public let sourceStart: Double
        public let sourceEnd: Double
        /// Where it starts in the mix, in the mix's seconds.
        public let mixStart: Double
        /// Seconds of crossfade with the part before (0 for the first).
        public let fadeIn: Double
        /// For a part after a crossfade: the mix time at which the previous song's beat and this song's beat coincide
        /// (the middle of the fade); nil where either song has no beats to align.
        public let alignedAt: Double?

        public var mixDuration: Double { (sourceEnd - sourceStart) / rate }
        public var mixEnd: Double { mixStart + mixDuration }
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
    public let barStarts: [Double]

    public init(durationSeconds: Double, beats: [Double], barStarts: [Double]) {
        self.durationSeconds = durationSeconds
        self.beats = beats
        self.barStarts = barStarts
    }
}
