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
    public var message: String?
    /// Where each song sits in the files now (for the run page).
    public var layout: [MixLayoutPart]
    public var durationMs: Int64?
    public var bytes: [MixRenderer.Format: Int64]

    public init(playlistID: UUID, fingerprint: String, renderedFingerprint: String? = nil, state: State = .queued, progress: Double = 0,
                message: String? = nil, layout: [MixLayoutPart] = [], durationMs: Int64? = nil, bytes: [MixRenderer.Format: Int64] = [:]) {
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
    /// Where in the song's file the part starts: file time `t` plays at `mixStart + (t − sourceStart) / rate`.
    public let sourceStart: Double
    /// The tempo heard, in the cadence frame (the playlist entry's `playedBPM`).
    public let playedBPM: Double
    /// The song's tempo as recorded and how it counts against the cadence (as in the playlist entry).
    public let songBPM: Double
    public let beat: BeatMatch
    public let rate: Double
    /// Mix time where this song's beat meets the previous song's, in the middle of the crossfade.
    public let alignedAt: Double?
}
