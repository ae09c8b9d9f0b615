import Foundation

/// Moves each tracked beat onto the start of the attack that made it.
///
/// The beat tracker works on 46 ms frames, and a frame's spectral flux peaks when an onset is well inside its window:
/// right for a click, but a plucked, bowed or blown note swells over 10–30 ms and its flux peaks that much later. The
/// beats of rendered music sat 16–19 ms after the notes that made them (issue 41). Here the signal around each beat
/// is looked at again in 6 ms windows every 1.5 ms: the beat goes to where the energy of the pre-emphasised signal
/// (its attacks, not its sustained tones) begins its steepest rise — the first window of the run that rises at
/// least `runFraction` as fast as the steepest one. A click's rise is one window long, so it stays where it was.
public enum BeatOnsetRefiner {
    /// How far before and after a beat its attack is looked for.
    static let lookBack = 0.045
    static let lookAhead = 0.015
    /// A window still belongs to the attack while its rise is at least this fraction of the steepest.
    static let runFraction = 0.3
    /// The rise must be at least this many dB per window to be an attack at all (else the beat stays).
    static let minimumRise: Float = 1

    public static func refined(_ times: [Double], samples: [Float], sampleRate: Int) -> [Double] {
        guard sampleRate > 0, !samples.isEmpty else { return times }
        let hop = max(1, Int((Double(sampleRate) * 32 / 22_050).rounded()))
        let window = 4 * hop
        let hann = hannWindow(window)
        var result: [Double] = []
        result.reserveCapacity(times.count)
        for time in times {
            let first = Int(((time - lookBack) * Double(sampleRate)).rounded(.down)) / hop
            let last = Int(((time + lookAhead) * Double(sampleRate)).rounded(.up)) / hop
            guard first >= 2, (last + 1) * hop + window < samples.count,
                  let start = attackStart(samples, frames: (first - 1)...last, hop: hop, hann: hann) else {
                result.append(time)
                continue
            }
            // The new energy enters a window at its end.
            let refined = Double(start * hop + window) / Double(sampleRate)
            // Beats stay in order, each after the one before.
            result.append(refined > (result.last ?? -.infinity) ? refined : time)
        }
        return result
    }

    /// The frame where the steepest rise of energy among `frames` begins, nil when nothing rises.
    static func attackStart(_ x: [Float], frames: ClosedRange<Int>, hop: Int, hann: [Float]) -> Int? {
        let energies = frames.map { frame -> Float in
            let start = frame * hop
            var sum: Float = 0
            for i in hann.indices {
                let emphasised = x[start + i] - 0.97 * x[start + i - 1]
                sum += hann[i] * emphasised * emphasised
            }
            return sum
        }
        guard let loudest = energies.max(), loudest > 0 else { return nil }
        let floor = loudest * 1e-6  // 60 dB under the loudest window here: noise below that is no attack
        let levels = energies.map { 10 * log10(max($0, floor)) }
        let rises = (1..<levels.count).map { levels[$0] - levels[$0 - 1] }  // rises[i]: into frame lowerBound + 1 + i
        guard let steepest = rises.indices.max(by: { rises[$0] < rises[$1] }), rises[steepest] >= minimumRise else { return nil }
        var begin = steepest
        while begin > 0, rises[begin - 1] > Float(runFraction) * rises[steepest] { begin -= 1 }
        return frames.lowerBound + 1 + begin
    }
}
