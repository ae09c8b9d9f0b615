import CadenceCore
import Foundation

/// One song in a planned playlist, with the numbers that explain it.
public struct PlaylistEntry: Equatable, Sendable, Codable {
    public let song: Song
    /// Seconds from the start of the workout.
    public var start: Double
    /// Seconds it plays for at its playback rate (`song.durationSeconds / playbackRate`).
    public var duration: Double
    /// The plan's cadence averaged over the time this song plays.
    public var targetBPM: Double
    /// The song's BPM as planned (the override when set).
    public var songBPM: Double
    public var beat: BeatMatch
    /// Playback speed; 1 is the song as recorded.
    public var playbackRate: Double
    /// `(playbackRate − 1) × 100`.
    public var stretchPercent: Double
    /// The tempo the runner hears, in the cadence frame: `songBPM × cadencePerBeat × playbackRate`.
    public var playedBPM: Double
    /// False only when keeping the jump cap needed more stretch than the budget (the library has nothing in between).
    public var withinBudget: Bool
    /// False when the song plays more than 1 BPM off the target because the budget could not take it
    /// further (the library has nothing closer); a gap left by the jump cap does not count.
    public var reachesTarget: Bool
    /// False when the change from the previous song is over the jump cap (only when nothing else fits).
    public var withinJumpCap: Bool
    public var repeated: Bool
    public var pinned: Bool
    /// Why this song, at this speed, here, in English: said for the API from `whyNotes`; a playlist planned before
    /// the notes were kept has this sentence alone.
    public var why: String
    /// Why, sentence by sentence, for the reader's language to say.
    public var whyNotes: [PlannerNote]?

    public var end: Double { start + duration }
    public var halfTime: Bool { beat == .halfTime }
}
