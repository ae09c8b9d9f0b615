import AudioAnalysis
import CadenceCore
import Foundation
import Tempo

/// A song of the library as stored: the file's facts and its tempo analysis.
public struct SongRecord: Equatable, Sendable {
    public enum Analysis: String, Sendable {
        case pending, running, done, failed
    }

    public let id: UUID
    public var title: String
    public var artist: String?
    public var filename: String
    public var contentType: String
    public var byteSize: Int64
    public var sha256: String
    public var durationMs: Int64?
    public var bpm: Double?
    public var confidence: Double?
    public var alternatives: [Double]
    /// The person's own reading of the tempo; wins over the analysis.
    public var bpmOverride: Double?
    public var analysis: Analysis
    public var progress: Double
    /// Why the analysis failed (or found no beat), in English with its detail, for the API.
    public var message: String?
    /// The same as a keyed note, for the library to say in its reader's language (nil before notes were kept).
    public var messageNote: Note?
    /// Integrated loudness (EBU R128, LUFS), measured with ffmpeg for the first mix the song is in.
    public var loudness: Double?
    /// The key the analysis found (Krumhansl–Schmuckler); nil before it or for a song without pitched content.
    public var key: MusicalKey?

    public init(id: UUID = UUID(), title: String, artist: String? = nil, filename: String, contentType: String, byteSize: Int64,
                sha256: String, durationMs: Int64? = nil, bpm: Double? = nil, confidence: Double? = nil, alternatives: [Double] = [],
                bpmOverride: Double? = nil, analysis: Analysis = .pending, progress: Double = 0, message: String? = nil,
                messageNote: Note? = nil, loudness: Double? = nil, key: MusicalKey? = nil) {
        self.messageNote = messageNote
        self.loudness = loudness
        self.key = key
        self.id = id
        self.title = title
        self.artist = artist
        self.filename = filename
        self.contentType = contentType
        self.byteSize = byteSize
        self.sha256 = sha256
        self.durationMs = durationMs
        self.bpm = bpm
        self.confidence = confidence
        self.alternatives = alternatives
        self.bpmOverride = bpmOverride
        self.analysis = analysis
        self.progress = progress
        self.message = message
    }

    /// The tempo to plan with: the override, else the analysis.
    public var effectiveBPM: Double? { bpmOverride ?? bpm }
}
