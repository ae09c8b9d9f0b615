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
    let maxSize = ByteCountFormatter.string(fromByteCount: Int64(TempoLibrary.maximumFileBytes), countStyle: .file)

    init(sort: String, minBpm: String, maxBpm: String) {
        sorts = [("added", "Recently added"), ("bpm", "BPM"), ("title", "Title")].map { Sort(value: $0.0, label: $0.1, selected: $0.0 == sort) }
        self.minBpm = minBpm
        self.maxBpm = maxBpm
    }
}
