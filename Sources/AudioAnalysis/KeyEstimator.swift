import Foundation

/// A song's key (the tonic and major or minor), for mixing songs whose keys sit well together.
public struct MusicalKey: Sendable, Equatable, Codable {
    /// Pitch class of the tonic, 0 = C … 11 = B.
    public let tonic: Int
    public let minor: Bool
    /// How far the best key's correlation leads the runner-up (0…2); near 0 the choice is a guess.
    public let clarity: Double

    static let names = ["C", "C♯", "D", "E♭", "E", "F", "F♯", "G", "A♭", "A", "B♭", "B"]

    /// "A minor", "E♭ major".
    public var name: String { "\(Self.names[tonic]) \(minor ? "minor" : "major")" }

    /// The Camelot wheel code DJs mix by ("8A" = A minor, "8B" = C major): neighbours on the wheel (±1, or the same
    /// number's other letter) sound well together.
    public var camelot: String {
        // Major keys: C = 8B, then a fifth up is one step round the wheel; a minor key shares its number with its
        // relative major (three semitones up).
        let major = minor ? (tonic + 3) % 12 : tonic
        let number = (major * 7 % 12 + 7) % 12 + 1
        return "\(number)\(minor ? "A" : "B")"
    }
}

/// Key by the Krumhansl–Schmuckler method: a pitch-class profile (chroma) of the song's spectrum, correlated with the
/// Krumhansl–Kessler major and minor key profiles in all twelve transpositions; the best correlation wins.
///
/// Chroma: every fourth 186 ms frame (4,096 points at 22.05 kHz) of the whole song, Hann-windowed; each bin from 55 Hz
/// to 2 kHz adds its log-compressed magnitude to the pitch class of its nearest equal-tempered note (A4 = 440 Hz).
public struct KeyEstimator: Sendable {
    static let majorProfile = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88]
    static let minorProfile = [6.33, 2.68, 3.52, 5.38, 2.60, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17]

    public init() {}

    /// Nil for silence or less than two seconds of audio.
    public func estimate(_ audio: AudioBuffer) -> MusicalKey? {
        let chroma = Self.chroma(audio)
        guard chroma.contains(where: { $0 > 0 }) else { return nil }
        var scores: [(key: MusicalKey, r: Double)] = []
        for tonic in 0..<12 {
            for minor in [false, true] {
                let profile = minor ? Self.minorProfile : Self.majorProfile
                let rotated = (0..<12).map { profile[($0 - tonic + 12) % 12] }
                scores.append((MusicalKey(tonic: tonic, minor: minor, clarity: 0), Self.correlation(chroma, rotated)))
            }
        }
        scores.sort { $0.r > $1.r }
        let best = scores[0].key
        return MusicalKey(tonic: best.tonic, minor: best.minor, clarity: (scores[0].r - scores[1].r).rounded(toPlaces: 3))
    }

    static func chroma(_ audio: AudioBuffer) -> [Double] {
        let size = 4096
        let rate = Double(audio.sampleRate)
        guard audio.samples.count >= max(size, Int(2 * rate)) else { return Array(repeating: 0, count: 12) }
        let fft = RealFFT(size: size)
        let window = hannWindow(size)
        // Each bin's pitch class, or -1 outside 55 Hz…2 kHz.
        let bins = size / 2 + 1
        let pitchClass: [Int] = (0..<bins).map { k in
            let frequency = Double(k) * rate / Double(size)
            guard frequency >= 55, frequency <= 2000 else { return -1 }
            let midi = 69 + 12 * log2(frequency / 440)
            return (Int(midi.rounded()) % 12 + 12) % 12
        }
        var chroma = [Double](repeating: 0, count: 12)
        var frame = [Float](repeating: 0, count: size)
        var re = [Float](repeating: 0, count: size / 2), im = re
        var power = [Float](repeating: 0, count: bins)
        let hop = size * 4
        var start = 0
        audio.samples.withUnsafeBufferPointer { samples in
            while start + size <= samples.count {
                for i in 0..<size { frame[i] = samples[start + i] * window[i] }
                fft.powerSpectrum(frame, re: &re, im: &im, power: &power)
                for k in 0..<bins where pitchClass[k] >= 0 { chroma[pitchClass[k]] += log1p(Double(power[k]) * 1e4) }
                start += hop
            }
        }
        return chroma
    }

    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let ma = a.reduce(0, +) / Double(a.count), mb = b.reduce(0, +) / Double(b.count)
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for i in a.indices {
            sab += (a[i] - ma) * (b[i] - mb); saa += (a[i] - ma) * (a[i] - ma); sbb += (b[i] - mb) * (b[i] - mb)
        }
        return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
