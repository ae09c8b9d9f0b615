import Foundation
import Testing
@testable import AudioAnalysis

/// Click tracks and patterns made in the test (deterministic noise).
struct ClickTrack {
    var seed: UInt64 = 42
    mutating func noise() -> Float {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Float(Int64(bitPattern: seed >> 1) % 2_000_001 - 1_000_000) / 1_000_000
    }

    /// Onsets at the given times (s): short decaying noise bursts, or sine blips.
    mutating func render(onsets: [(Double, Float)], seconds: Double, rate: Int = 22_050, sine: Bool = false) -> AudioBuffer {
        var x = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        let len = Int(0.03 * Double(rate))
        for (t, gain) in onsets {
            let start = Int(t * Double(rate))
            for i in 0..<len where start + i < x.count {
                let tt = Double(i) / Double(rate)
                let s = sine ? Float(sin(2 * .pi * 1000 * tt)) : noise()
                x[start + i] += gain * 0.5 * s * Float(exp(-tt / 0.006))
            }
        }
        return AudioBuffer(samples: x, sampleRate: rate)
    }

    mutating func clicks(bpm: Double, seconds: Double, start: Double = 0, sine: Bool = false) -> AudioBuffer {
        let beat = 60 / bpm
        let onsets = stride(from: start, to: seconds, by: beat).map { ($0, Float(1)) }
        return render(onsets: onsets, seconds: seconds, sine: sine)
    }
}

@Suite(.timeLimit(.minutes(5))) struct TempoEstimatorTests {
    let estimator = TempoEstimator()

    @Test(arguments: [60.0, 90, 120, 128, 150, 174, 200])
    func clickTracks(bpm: Double) {
        var gen = ClickTrack()
        let e = estimator.estimate(gen.clicks(bpm: bpm, seconds: 20))
        #expect(abs(e.bpm - bpm) / bpm < 0.02, "estimated \(e.bpm) for \(bpm)")
        #expect(e.alternatives.contains { abs($0 - bpm / 2) < 0.5 })
        #expect(e.alternatives.contains { abs($0 - bpm * 2) < 1 })
        #expect(e.confidence > 0.5)
    }

    @Test(arguments: [75.0, 140])
    func sineBlips(bpm: Double) {
        var gen = ClickTrack()
        let e = estimator.estimate(gen.clicks(bpm: bpm, seconds: 20, sine: true))
        #expect(abs(e.bpm - bpm) / bpm < 0.02, "estimated \(e.bpm) for \(bpm)")
    }

    @Test func swungEighths() {
        // Beat at 110 BPM, accented; the swung off-beat two thirds of the way through each beat.
        var gen = ClickTrack()
        let beat = 60 / 110.0
        var onsets: [(Double, Float)] = []
        for b in 0..<Int(25 / beat) {
            onsets.append((Double(b) * beat, 1))
            onsets.append(((Double(b) + 2.0 / 3) * beat, 0.5))
        }
        let e = estimator.estimate(gen.render(onsets: onsets, seconds: 25))
        #expect(abs(e.bpm - 110) / 110 < 0.02, "estimated \(e.bpm)")
    }

    @Test(arguments: [140.0, 174])
    func dottedFigureIsNotReadAtTwoThirds(bpm: Double) {
        // A two-bar figure of four dotted quarters and two quarters (eighths 0, 3, 6, 9, 12, 14 of 16), as
        // EDM leads and breakbeat fills play it. The autocorrelation's best lag is the dotted quarter
        // (×⅔), which has no line in the onset spectrum; the bar does, so the check moves to the beat.
        var gen = ClickTrack()
        let eighth = 30 / bpm
        var onsets: [(Double, Float)] = []
        for cycle in 0..<Int(30 / (16 * eighth)) {
            for e in [0.0, 3, 6, 9, 12, 14] { onsets.append(((Double(cycle) * 16 + e) * eighth, 1)) }
        }
        let e = estimator.estimate(gen.render(onsets: onsets, seconds: 30))
        #expect(abs(e.bpm - bpm) / bpm < 0.04, "estimated \(e.bpm)")
    }

    @Test func onsetSpectrumHasLinesAtThePulseAndItsMultiplesOnly() throws {
        var gen = ClickTrack()
        let env = OnsetStrength.envelope(gen.clicks(bpm: 120, seconds: 30))
        let spectrum = try #require(OnsetSpectrum(env.values, frameRate: env.frameRate))
        let strongest = spectrum.strongestLine(fromBPM: 50, toBPM: 260)
        #expect(spectrum.value(atBPM: 120) > 0.8 * strongest)
        #expect(spectrum.value(atBPM: 240) > 0.5 * strongest)
        for offLine in [80.0, 90, 160, 180] {
            #expect(spectrum.value(atBPM: offLine) < 0.2 * strongest, "\(offLine) BPM")
        }
        #expect(OnsetSpectrum([Float](repeating: 0, count: 3000), frameRate: env.frameRate) == nil)
    }

    @Test func silentIntroThenClicks() {
        var gen = ClickTrack()
        let e = estimator.estimate(gen.clicks(bpm: 96, seconds: 28, start: 8))
        #expect(abs(e.bpm - 96) / 96 < 0.02, "estimated \(e.bpm)")
    }

    @Test func resampledInputAt44kHz() {
        var gen = ClickTrack()
        let a = gen.clicks(bpm: 132, seconds: 15)
        let up = AudioBuffer(samples: Resampler.resample(a.samples, from: 22_050, to: 44_100), sampleRate: 44_100)
        let e = estimator.estimate(up)
        #expect(abs(e.bpm - 132) / 132 < 0.02, "estimated \(e.bpm)")
    }

    @Test func confidenceHigherForClicksThanNoise() {
        var gen = ClickTrack()
        let clean = estimator.estimate(gen.clicks(bpm: 120, seconds: 20))
        let noise = AudioBuffer(samples: (0..<(20 * 22_050)).map { _ in gen.noise() * 0.3 }, sampleRate: 22_050)
        let n = estimator.estimate(noise)
        #expect(clean.confidence > n.confidence + 0.3, "clicks \(clean.confidence), noise \(n.confidence)")
        #expect(n.confidence < 0.3)
    }

    @Test func silenceAndShortInputGiveNoTempo() {
        let silent = estimator.estimate(AudioBuffer(samples: [Float](repeating: 0, count: 10 * 22_050), sampleRate: 22_050))
        #expect(silent.bpm == 0 && silent.confidence == 0)
        let short = estimator.estimate(AudioBuffer(samples: [Float](repeating: 0.1, count: 1000), sampleRate: 22_050))
        #expect(short.bpm == 0)
        let empty = estimator.estimate(AudioBuffer(samples: [], sampleRate: 22_050))
        #expect(empty.bpm == 0)
    }

    @Test func progressIsReportedUpToOne() {
        final class Box: @unchecked Sendable { var values: [Double] = []; let lock = NSLock() }
        let box = Box()
        var gen = ClickTrack()
        _ = estimator.estimate(gen.clicks(bpm: 100, seconds: 10)) { p in box.lock.lock(); box.values.append(p); box.lock.unlock() }
        #expect(box.values.first == 0)
        #expect(box.values.last == 1)
        #expect(zip(box.values, box.values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func onsetEnvelopePeaksAtClicks() {
        var gen = ClickTrack()
        let env = OnsetStrength.envelope(gen.clicks(bpm: 60, seconds: 6))
        #expect(abs(env.frameRate - 22_050.0 / 512) < 1e-9)
        // The strongest frames sit within one hop of each second.
        let top = env.values.enumerated().sorted { $0.element > $1.element }.prefix(5).map { Double($0.offset) / env.frameRate }
        for t in top { #expect(abs(t - t.rounded()) < 0.1, "peak at \(t) s") }
    }

    @Test func fftMatchesDFT() {
        let n = 64
        let x = (0..<n).map { Float(sin(Double($0) * 0.7) + 0.3 * cos(Double($0) * 2.1)) }
        let fft = RealFFT(size: n)
        var re = [Float](repeating: 0, count: n / 2), im = re, p = [Float](repeating: 0, count: n / 2 + 1)
        x.withUnsafeBufferPointer { xp in fft.powerSpectrum(xp.baseAddress!, re: &re, im: &im, power: &p) }
        for k in 0...(n / 2) {
            var r = 0.0, i = 0.0
            for j in 0..<n { r += Double(x[j]) * cos(2 * .pi * Double(k * j) / Double(n)); i -= Double(x[j]) * sin(2 * .pi * Double(k * j) / Double(n)) }
            #expect(abs(Double(p[k]) - (r * r + i * i)) < 1e-2 * max(1, r * r + i * i))
        }
    }

    @Test func estimateIsCodable() throws {
        let e = TempoEstimate(bpm: 120, confidence: 0.8, alternatives: [60, 240])
        let back = try JSONDecoder().decode(TempoEstimate.self, from: JSONEncoder().encode(e))
        #expect(back == e)
    }
}
