import Foundation
import Testing
import TestSupport
@testable import AudioAnalysis

/// The estimator on songs rendered from MIDI at known tempos (`e2e/corpus/make_songs.py`, one song per
/// style). Rendering needs Python, fluidsynth and a soundfont, so `scripts/test` renders the corpus
/// and names its folder in CADENCE_TEST_TEMPO_CORPUS; without it (a bare `swift test`) this suite is off.
@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(GeneratedCorpus.folder != nil))) struct GeneratedCorpusTests {
    @Test func writtenTempoOfEachStyle() throws {
        let folder = try #require(GeneratedCorpus.folder)
        let songs = try GeneratedCorpus.manifest(folder)
        #expect(Set(songs.map(\.style)).count == songs.count, "one song per style")
        var atWrittenPulse: [String] = []
        for song in songs {
            let audio = try WAVDecoder.decode(Data(contentsOf: folder.appendingPathComponent(song.file)))
            let estimate = TempoEstimator().estimate(audio)
            let ratio = estimate.bpm / song.bpm
            // Acc2: the written pulse, or a metrical relative of it (×2, ×½, ×3, ×⅓), within 4%.
            #expect([1, 2, 0.5, 3, 1.0 / 3].contains { abs(ratio / $0 - 1) <= 0.04 },
                    "\(song.file) (\(song.style), \(song.bpm) BPM): \(estimate.bpm)")
            // The written pulse is always offered, as the estimate or as an alternative.
            #expect(([estimate.bpm] + estimate.alternatives).contains { abs($0 / song.bpm - 1) <= 0.04 },
                    "\(song.file): \(estimate)")
            if abs(ratio - 1) <= 0.04 { atWrittenPulse.append(song.file) }
        }
        // Acc1: the benchmark measures it over 40 songs; one octave error in eight is the most this sample allows.
        #expect(atWrittenPulse.count >= songs.count - 1, "at the written tempo: \(atWrittenPulse)")
    }
}

enum GeneratedCorpus {
    struct Song: Decodable { let file: String; let bpm: Double; let style: String }

    static var folder: URL? {
        ProcessInfo.processInfo.environment["CADENCE_TEST_TEMPO_CORPUS"].map { URL(fileURLWithPath: $0) }
    }

    static func manifest(_ folder: URL) throws -> [Song] {
        try JSONDecoder().decode([Song].self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }
}
