import CadenceCore
import Foundation
import TempoService
import Web

/// `/phone/tempo`: the music library's filter form and upload limit.
struct TempoLibraryPage: Sendable {
    struct Sort: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let sorts: [Sort]
    let minBpm: String
    let maxBpm: String
    /// "WAV, FLAC, … up to 209.7 MB each. …", the size in the language's digits.
    let uploadHint: String

    init(sort: String, minBpm: String, maxBpm: String, messages: Messages) {
        sorts = [("added", messages("tempo.music.library.sort.added")), ("bpm", messages("tempo.music.library.sort.bpm")),
                 ("title", messages("tempo.music.library.sort.title"))].map { Sort(value: $0.0, label: $0.1, selected: $0.0 == sort) }
        self.minBpm = minBpm
        self.maxBpm = maxBpm
        let size = LocaleFormat(language: messages.language).fileSize(Int64(TempoLibrary.maximumFileBytes))
        uploadHint = messages("tempo.music.library.upload_hint", ["size": size])
    }
}
