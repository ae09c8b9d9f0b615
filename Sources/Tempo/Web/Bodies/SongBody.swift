import CadenceCore
import Foundation
import Hummingbird
import NIOCore
import Tempo
import Web
import TempoService

struct SongBody: JSONResponse {
    let id: UUID
    let title: String
    let artist: String?
    let filename: String
    let contentType: String
    let bytes: Int64
    let durationMs: Int64?
    let bpm: Double?
    let confidence: Double?
    let alternatives: [Double]
    let bpmOverride: Double?
    /// The tempo plans use: the override, else the analysis.
    let effectiveBpm: Double?
    let analysis: String
    let progress: Double
    let message: String?
    /// `message` as a keyed note, for the page's language (nil for songs analysed before notes were kept).
    let messageNote: Note?
    /// Integrated loudness (LUFS), once a mix measured it.
    let loudness: Double?
    /// The key the analysis found: its name, Camelot code and how clearly it won.
    let key: KeyBody?

    struct KeyBody: Encodable {
        let name: String
        let camelot: String
        let clarity: Double
    }
    let url: String

    init(_ song: SongRecord) {
        id = song.id
        title = song.title
        artist = song.artist
        filename = song.filename
        contentType = song.contentType
        bytes = song.byteSize
        durationMs = song.durationMs
        bpm = song.bpm
        confidence = song.confidence
        alternatives = song.alternatives
        bpmOverride = song.bpmOverride
        effectiveBpm = song.effectiveBPM
        analysis = song.analysis.rawValue
        progress = song.progress
        message = song.message
        messageNote = song.messageNote
        loudness = song.loudness.map { ($0 * 10).rounded() / 10 }
        key = song.key.map { KeyBody(name: $0.name, camelot: $0.camelot, clarity: $0.clarity) }
        url = "/api/v1/tempo/songs/\(song.id.uuidString.lowercased())/file"
    }
}
