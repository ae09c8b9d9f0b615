import CadenceCore
import Hummingbird
import Tempo
import Web

/// `GET …/songs/{id}/beats`: beat times in milliseconds from the start of the file, and the bars where known.
struct SongBeatsBody: JSONResponse {
    let beats: [Int64]
    let beatsPerBar: Int
    /// Index into `beats` of the first bar's first beat, or null.
    let downbeat: Int?
    let barStarts: [Int64]

    init(_ beats: SongBeats) {
        self.beats = beats.timesMs
        beatsPerBar = beats.beatsPerBar
        downbeat = beats.downbeat
        barStarts = beats.barStartsMs
    }
}
