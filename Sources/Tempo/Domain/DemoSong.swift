import Foundation

/// Songs Cadence makes itself, so a newcomer can try Tempo without music of their own (issue 39): a drum groove at
/// a steady tempo — a kick on every beat, a snare on two and four, closed hi-hats on the eighths, a bass note on each
/// bar's first beat — written as a 16-bit mono WAV. They are named as Cadence's demo content wherever they are listed.
public enum DemoSong {
    /// The tempi offered: an easy run, a steady one and a fast one (steps per minute land on these beats).
    public static let tempi = [150, 165, 180]
    public static let seconds = 90
    public static let sampleRate = 22_050

    /// "Cadence demo · 165 BPM.wav": the file name, which is also the song's title without its extension.
    public static func filename(bpm: Int) -> String { "Cadence demo · \(bpm) BPM.wav" }

    /// Whether a title is one of these songs' (they are said to be demo content on the library page).
    public static func isDemo(title: String) -> Bool { title.hasPrefix("Cadence demo · ") }

    /// The groove at `bpm` for `seconds`, as WAV bytes.
    ///
    /// The groove repeats every four bars (the bass walks four notes; the noisy sounds have a few
    /// variants), so one four-bar cycle is mixed — sounds ringing past its end wrap round to its start,
    /// so copies join without a seam — and copied to the length asked. Mixing every beat of 90 s
    /// instead took seconds per song in a debug build, which the demo button waits for.
    public static func wav(bpm: Int, seconds: Int = DemoSong.seconds, sampleRate: Int = DemoSong.sampleRate) -> Data {
        let beat = 60.0 / Double(bpm)
        let beatsPerCycle = 16
        let cycle = Int((Double(beatsPerCycle) * beat * Double(sampleRate)).rounded())
        var mix = [Float](repeating: 0, count: cycle)
        var noise = NoiseSource(seed: UInt64(bpm))
        let kicks = [kick(sampleRate: sampleRate, accent: true), kick(sampleRate: sampleRate, accent: false)]
        let snares = (0..<4).map { _ in snare(sampleRate: sampleRate, noise: &noise) }
        let hats = (0..<8).map { variant in hat(sampleRate: sampleRate, noise: &noise, loud: variant % 2 == 0) }
        let basses = (0..<4).map { bar in bass(sampleRate: sampleRate, seconds: beat * 2, bar: bar) }
        for index in 0..<beatsPerCycle {
            let start = Int((Double(index) * beat * Double(sampleRate)).rounded())
            let inBar = index % 4
            add(kicks[inBar == 0 ? 0 : 1], to: &mix, at: start)
            if inBar == 1 || inBar == 3 { add(snares[index / 2 % snares.count], to: &mix, at: start) }
            add(hats[index * 2 % hats.count], to: &mix, at: start)
            add(hats[(index * 2 + 1) % hats.count], to: &mix, at: start + Int(beat / 2 * Double(sampleRate)))
            if inBar == 0 { add(basses[index / 4], to: &mix, at: start) }
        }
        let peak = max(mix.map(abs).max() ?? 1, 1e-6)
        let samples = mix.map { Int16(max(-1, min(1, $0 / peak * 0.8)) * 32_767) }
        var pcm: [Int16] = []
        let total = seconds * sampleRate
        pcm.reserveCapacity(total)
        while pcm.count < total { pcm += samples.prefix(total - pcm.count) }
        return wavData(pcm, sampleRate: sampleRate)
    }

    /// Adds `sound` into the cycle from `start`, wrapping past its end to its beginning.
    private static func add(_ sound: [Float], to mix: inout [Float], at start: Int) {
        mix.withUnsafeMutableBufferPointer { target in
            for (offset, value) in sound.enumerated() { target[(start + offset) % target.count] += value }
        }
    }

    /// A sine that falls from 120 to 50 Hz as it decays: a kick drum.
    private static func kick(sampleRate: Int, accent: Bool) -> [Float] {
        let length = sampleRate / 6
        var phase = 0.0
        return (0..<length).map { n in
            let t = Double(n) / Double(sampleRate)
            phase += 2 * .pi * (50 + 70 * exp(-t * 30)) / Double(sampleRate)
            return Float(sin(phase) * exp(-t * 18) * (accent ? 1.0 : 0.85))
        }
    }

    private static func snare(sampleRate: Int, noise: inout NoiseSource) -> [Float] {
        let length = sampleRate / 8
        return (0..<length).map { n in
            let t = Double(n) / Double(sampleRate)
            return Float((noise.next() * 0.6 + sin(2 * .pi * 190 * t) * 0.4) * exp(-t * 28) * 0.7)
        }
    }

    /// Noise with its low end taken off (the difference of two samples), short: a closed hi-hat.
    private static func hat(sampleRate: Int, noise: inout NoiseSource, loud: Bool) -> [Float] {
        let length = sampleRate / 30
        var previous = 0.0
        return (0..<length).map { n in
            let t = Double(n) / Double(sampleRate)
            let sample = noise.next()
            defer { previous = sample }
            return Float((sample - previous) * exp(-t * 90) * (loud ? 0.3 : 0.18))
        }
    }

    /// A bass note a bar long, walking A, C, D, E bar by bar.
    private static func bass(sampleRate: Int, seconds: Double, bar: Int) -> [Float] {
        let frequencies = [55.0, 65.41, 73.42, 82.41]
        let frequency = frequencies[bar % frequencies.count]
        let length = Int(seconds * Double(sampleRate))
        return (0..<length).map { n in
            let t = Double(n) / Double(sampleRate)
            let tone = sin(2 * .pi * frequency * t) + 0.3 * sin(4 * .pi * frequency * t)
            return Float(tone * min(1, t * 40) * exp(-t * 1.5) * 0.35)
        }
    }

    private static func wavData(_ samples: [Int16], sampleRate: Int) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = samples.count * 2
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + bytes))
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(sampleRate)); append(UInt32(sampleRate * 2)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(bytes))
        #if _endian(little)
        samples.withUnsafeBytes { data.append(contentsOf: $0) } // already little-endian in memory
        #else
        for sample in samples { append(sample) }
        #endif
        return data
    }

    /// A small deterministic noise source, so a demo song is the same file every time.
    private struct NoiseSource {
        var state: UInt64
        init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(Int64(bitPattern: state >> 1) % 2_000_001 - 1_000_000) / 1_000_000
        }
    }
}
