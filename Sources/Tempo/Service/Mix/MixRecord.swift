import CadenceCore
import Foundation
import Tempo

/// A playlist's rendered mix as stored: what it should be rendered from, how far rendering is, and what is there.
public struct MixRecord: Equatable, Sendable {
    public enum State: String, Sendable {
        case queued, rendering, done, failed
    }

    public let playlistID: UUID
    /// Fingerprint of the playlist and songs the mix should follow (changes with every edit).
    public var fingerprint: String
    /// Fingerprint of what the files hold now; nil before the first render.
    public var renderedFingerprint: String?
    public var state: State
    public var progress: Double
    /// Why rendering failed, in English with the tool's detail, for the API.
    public var message: String?
    /// The same as a keyed note, for the pages to say in their reader's language (nil before notes were kept).
    public var messageNote: Note?
    /// Where each song sits in the files now (for the run page).
    public var layout: [MixLayoutPart]
    public var durationMs: Int64?
    public var bytes: [MixRenderer.Format: Int64]

    public init(playlistID: UUID, fingerprint: String, renderedFingerprint: String? = nil, state: State = .queued, progress: Double = 0,
                message: String? = nil, messageNote: Note? = nil, layout: [MixLayoutPart] = [], durationMs: Int64? = nil,
                bytes: [MixRenderer.Format: Int64] = [:]) {
        self.messageNote = messageNote
        self.playlistID = playlistID; self.fingerprint = fingerprint; self.renderedFingerprint = renderedFingerprint
        self.state = state; self.progress = progress; self.message = message; self.layout = layout
        self.durationMs = durationMs; self.bytes = bytes
    }

    /// Files exist (from an earlier render, perhaps of an older version of the playlist).
    public var hasFiles: Bool { renderedFingerprint != nil && !bytes.isEmpty }
    /// The files follow the playlist as it is now.
    public var isCurrent: Bool { hasFiles && renderedFingerprint == fingerprint }
}

/// One song in a rendered mix: where it plays (mix seconds, fades included) and the tempo it carries there.
public struct MixLayoutPart: Equatable, Sendable, Codable {
    public let songId: UUID
    public let title: String
    public let mixStart: Double
    public let mixEnd: Double
    /// Where in the song's file the part starts.
    public let sourceStart: Double
    /// The tempo the playlist planned for it, in the cadence frame (the entry's `playedBPM`); `tempo` says what is
    /// heard moment by moment.
    public let playedBPM: Double
    /// The song's tempo as recorded and how it counts against the cadence (as in the playlist entry).
    public let songBPM: Double
    public let beat: BeatMatch
    public let rate: Double
    /// Mix time where this song's beat meets the previous song's, in the middle of the crossfade.
    public let alignedAt: Double?
    /// True when the song plays the fade-in at the previous song's beat period (their beats meet all through it).
    public let tempoMatched: Bool?
    /// The rate from each moment on (`at` in mix seconds, `source` the file's): a ramp in the plan, and the ease from a
    /// tempo-matched fade-in to the song's own tempo. Nil in mixes rendered before tempo maps (one rate: `rate`).
    public let tempo: [MixTempoPoint]?
}

/// One step of a mix part's tempo map.
public struct MixTempoPoint: Equatable, Sendable, Codable {
    public let at: Double
    public let source: Double
    public let rate: Double
}
