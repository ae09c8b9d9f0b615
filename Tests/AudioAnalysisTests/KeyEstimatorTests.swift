import Foundation
import Testing
@testable import AudioAnalysis

@Suite(.timeLimit(.minutes(5))) struct KeyEstimatorTests {
    /// Chords of tones with three harmonics, two seconds each, a bass an octave below the root.
    static func progression(_ chords: [[Int]], rate: Int = 22_050) -> AudioBuffer {
        var samples: [Float] = []
        for chord in chords {
            let notes = chord + [chord[0] - 12]
            for i in 0..<(2 * rate) {
                let t = Double(i) / Double(rate)
                var value = 0.0
                for midi in notes {
                    let f = 440 * pow(2, Double(midi - 69) / 12)
                    for h in 1...3 { value += sin(2 * .pi * f * Double(h) * t) / Double(h * h) }
                }
                samples.append(Float(0.1 * value * min(1, t * 20, (2 - t) * 20)))
            }
        }
        return AudioBuffer(samples: samples, sampleRate: rate)
    }

    @Test func aMajorProgressionIsItsKey() throws {
        // C: I–IV–V–I–vi–IV–V–I.
        let c = [60, 64, 67], f = [65, 69, 72], g = [67, 71, 74], am = [69, 72, 76]
        let key = try #require(KeyEstimator().estimate(Self.progression([c, f, g, c, am, f, g, c])))
        #expect(key.name == "C major" && key.camelot == "8B", "\(key)")
    }

    @Test func aMinorProgressionIsItsKey() throws {
        // E minor: i–iv–V–i (the raised leading tone of harmonic minor in V).
        let em = [64, 67, 71], am = [69, 72, 76], b = [71, 75, 78]
        let key = try #require(KeyEstimator().estimate(Self.progression([em, am, b, em, em, am, b, em])))
        #expect(key.name == "E minor" && key.camelot == "9A", "\(key)")
    }

    @Test func camelotCodesGoRoundTheWheelInFifths() {
        #expect(MusicalKey(tonic: 7, minor: false, clarity: 0).camelot == "9B")   // G major
        #expect(MusicalKey(tonic: 5, minor: false, clarity: 0).camelot == "7B")   // F major
        #expect(MusicalKey(tonic: 9, minor: true, clarity: 0).camelot == "8A")    // A minor
        #expect(MusicalKey(tonic: 3, minor: false, clarity: 0).name == "E♭ major")
    }

    @Test func silenceHasNoKey() {
        #expect(KeyEstimator().estimate(AudioBuffer(samples: [Float](repeating: 0, count: 22_050 * 5), sampleRate: 22_050)) == nil)
    }
}
