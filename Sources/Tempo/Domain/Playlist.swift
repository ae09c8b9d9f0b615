import CadenceCore
import Foundation

/// A song of the user's library, as far as planning needs it.
public struct Song: Equatable, Sendable, Codable, Identifiable {
    public let id: UUID
    public let title: String
    /// Beats per minute as analysed.
    public let bpm: Double
    public let durationSeconds: Double
    /// The user's correction of the analysed BPM; the planner uses it when set.
    public let bpmOverride: Double?

    public static let bpmRange: ClosedRange<Double> = 30...300
    public static let durationRange: ClosedRange<Double> = 10...(2 * 3600)

    public init(id: UUID = UUID(), title: String, bpm: Double, durationSeconds: Double, bpmOverride: Double? = nil) throws(ValidationError) {
        self.id = id
        self.title = try RequiredText.check(title, field: "title", maximumLength: 200, whenEmpty: "Give the song a title.", noun: "A title")
        guard bpm.isFinite, Self.bpmRange.contains(bpm) else { throw ValidationError(field: "bpm", "A tempo is 30 to 300 BPM.") }
        guard durationSeconds.isFinite, Self.durationRange.contains(durationSeconds) else {
            throw ValidationError(field: "durationSeconds", "A song lasts 10 seconds to 2 hours.")
        }
        if let bpmOverride, !(bpmOverride.isFinite && Self.bpmRange.contains(bpmOverride)) {
            throw ValidationError(field: "bpmOverride", "A tempo is 30 to 300 BPM.")
        }
        self.bpm = bpm
        self.durationSeconds = durationSeconds
        self.bpmOverride = bpmOverride
    }

    /// The BPM planning uses: the override when set.
    public var planningBPM: Double { bpmOverride ?? bpm }
}

/// How a song's beat lines up with the movement.
public enum BeatMatch: String, Equatable, Sendable, Codable {
    /// One beat per step (or per pedal revolution).
    case direct
    /// One beat per two steps: an 85 BPM song carries a 170 steps/min cadence.
    case halfTime
    /// Two beats per step or revolution: a 180 BPM song carries 90 rpm (a beat per leg stroke).
    case doubleTime

    /// Cadence carried per song BPM.
    public var cadencePerBeat: Double {
        switch self {
        case .direct: 1
        case .halfTime: 2
        case .doubleTime: 0.5
        }
    }
}

/// The planner's rules.
public struct PlannerOptions: Equatable, Sendable, Codable {
    /// Largest tempo change applied to a song, as a fraction (0.08 = ±8%).
    public var stretchBudget: Double
    /// Safety cap on the tempo change between consecutive songs, in BPM of the movement (cadence) frame.
    public var maxJumpBPM: Double
    /// Songs at half the cadence (85 BPM for 170 steps/min).
    public var allowHalfTime: Bool
    /// Songs at twice the cadence (180 BPM for 90 rpm); on by default for cycling only.
    public var allowDoubleTime: Bool
    /// Repeat songs even when the library has enough; off by default.
    public var allowRepeats: Bool

    public static let defaultStretchBudget = 0.08
    public static let maximumStretchBudget = 0.20
    public static let defaultMaxJumpBPM = 12.0

    public init(stretchBudget: Double = defaultStretchBudget, maxJumpBPM: Double = defaultMaxJumpBPM,
                allowHalfTime: Bool = true, allowDoubleTime: Bool = false, allowRepeats: Bool = false) {
        self.stretchBudget = stretchBudget
        self.maxJumpBPM = maxJumpBPM
        self.allowHalfTime = allowHalfTime
        self.allowDoubleTime = allowDoubleTime
        self.allowRepeats = allowRepeats
    }

    private enum CodingKeys: String, CodingKey { case stretchBudget, maxJumpBPM, allowHalfTime, allowDoubleTime, allowRepeats }

    /// Any option left out keeps its default, so `{"stretchBudget": 0.1}` is enough.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(stretchBudget: try c.decodeIfPresent(Double.self, forKey: .stretchBudget) ?? Self.defaultStretchBudget,
                  maxJumpBPM: try c.decodeIfPresent(Double.self, forKey: .maxJumpBPM) ?? Self.defaultMaxJumpBPM,
                  allowHalfTime: try c.decodeIfPresent(Bool.self, forKey: .allowHalfTime) ?? true,
                  allowDoubleTime: try c.decodeIfPresent(Bool.self, forKey: .allowDoubleTime) ?? false,
                  allowRepeats: try c.decodeIfPresent(Bool.self, forKey: .allowRepeats) ?? false)
    }

    /// The defaults for an activity (cycling also takes double-time songs).
    public static func recommended(for activity: Activity) -> PlannerOptions {
        PlannerOptions(allowDoubleTime: activity == .cycling)
    }

    /// Checks the user's settings; errors name the field.
    public func validated() throws(ValidationError) -> PlannerOptions {
        guard stretchBudget.isFinite, (0...Self.maximumStretchBudget).contains(stretchBudget) else {
            throw ValidationError(field: "stretchBudget", "The stretch budget is 0% to 20%.")
        }
        guard maxJumpBPM.isFinite, (1...60).contains(maxJumpBPM) else {
            throw ValidationError(field: "maxJumpBPM", "The largest tempo jump between songs is 1 to 60 BPM.")
        }
        return self
    }
}

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
    /// A sentence a person can read: why this song, at this speed, here.
    public var why: String

    public var end: Double { start + duration }
    public var halfTime: Bool { beat == .halfTime }
}

/// A playlist planned for a plan (M3).
public struct Playlist: Equatable, Sendable, Codable {
    public var entries: [PlaylistEntry]
    public var warnings: [String]
    /// Share of the plan's duration covered by music, 0…1.
    public var coverage: Double
    public var planDuration: Double
    /// Songs the user removed or swapped out; re-planning leaves them out.
    public var excludedSongIDs: [UUID]
    public var options: PlannerOptions
}

/// A change the user makes to a planned playlist.
public enum PlaylistEdit: Equatable, Sendable {
    /// Take the entry out; its song is not planned again.
    case remove(Int)
    /// Move the entry to another position; it becomes pinned there.
    case move(from: Int, to: Int)
    /// Keep the entry's song at its place when the rest is re-planned.
    case pin(Int)
    case unpin(Int)
    /// Put a chosen song (from the library) at this position, pinned; the song it replaces is left out.
    case swap(Int, songID: UUID)
}
