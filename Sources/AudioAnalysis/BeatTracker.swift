import Foundation

/// Beat times by dynamic programming over the onset envelope (Ellis, "Beat Tracking by Dynamic Programming",
/// J. New Music Research 36(1), 2007 — the method behind librosa's `beat_track`).
///
/// Given the tempo the estimator chose, each frame's best score is its onset strength plus the best score of a
/// previous beat between ½ and 2 periods back, less a penalty for straying from the period
/// (`tightness` × log²(gap / period)). Backtracking from the last strong beat gives a sequence that both sits on
/// onsets and keeps the pulse through weak passages. Weak beats at either end (an intro before the music starts, a
/// fade) are trimmed.
///
/// Downbeats: the onsets of the lowest mel bands (kick drum and bass, below about 200 Hz) summed at each of the
/// `beatsPerBar` phases; the phase clearly ahead of the others (by `downbeatMargin`) is the bar's first beat. With a
/// kick on 1 and 3 alike no phase is ahead and none is claimed.
public struct BeatTracker: Sendable {
    /// How strongly the gap between beats is held to the period (librosa's default, 100).
    public var tightness = 100.0
    public var beatsPerBar = 4
    /// How far the strongest bar phase must lead the next one to be called the downbeat.
    static let downbeatMargin = 1.25
    /// A beat at either end whose smoothed onset strength is under this fraction of the RMS is trimmed.
    static let trimFraction = 0.5

    public init() {}

    /// - Parameters:
    ///   - envelope: onset strength per frame; `low`: the same for the lowest bands (downbeats), may be empty.
    ///   - latency: seconds from a frame's index time to the onset it reports (the analysis window's lead).
    public func track(envelope: [Float], low: [Float], frameRate fps: Double, bpm: Double, latency: Double) -> BeatTrack {
        guard bpm > 0, fps > 0, envelope.count > 8 else { return .none }
        let period = 60 * fps / bpm
        let local = Self.localScore(envelope, period: period)
        guard local.contains(where: { $0 > 0 }) else { return .none }

        // Forward pass: best cumulative score ending with a beat at t, and the beat before it.
        let n = local.count
        var cumulative = [Double](repeating: 0, count: n)
        var previous = [Int](repeating: -1, count: n)
        let nearest = max(1, Int((period / 2).rounded())), farthest = max(nearest + 1, Int((2 * period).rounded()))
        var penalty = [Double](repeating: 0, count: farthest + 1)
        for gap in nearest...farthest { penalty[gap] = -tightness * pow(log(Double(gap) / period), 2) }
        for t in 0..<n {
            var best = -Double.infinity, from = -1
            if t >= nearest {
                for gap in nearest...min(farthest, t) {
                    let score = cumulative[t - gap] + penalty[gap]
                    if score > best { best = score; from = t - gap }
                }
            }
            // Before the first full gap, or when every way in costs more than starting afresh, a beat starts here.
            if from < 0 || best < 0 { best = 0; from = -1 }
            cumulative[t] = local[t] + best
            previous[t] = from
        }

        var frames: [Int] = []
        var t = Self.lastBeat(cumulative)
        while t >= 0 { frames.append(t); t = previous[t] }
        frames.reverse()
        frames = Self.trimmed(frames, local: local)
        guard frames.count >= 2 else { return .none }
        let times = frames.map { Double($0) / fps + latency }
        return BeatTrack(times: times, beatsPerBar: beatsPerBar,
                         downbeat: Self.downbeat(frames, low: low, beatsPerBar: beatsPerBar))
    }

    /// The envelope over its standard deviation, smoothed by a Gaussian a sixteenth of a period wide.
    static func localScore(_ envelope: [Float], period: Double) -> [Double] {
        let values = envelope.map(Double.init)
        let mean = values.reduce(0, +) / Double(values.count)
        let sd = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
        guard sd > 0 else { return values.map { _ in 0 } }
        let radius = max(1, Int(period.rounded()))
        let kernel = (-radius...radius).map { exp(-0.5 * pow(Double($0) * 32 / period, 2)) }
        var out = [Double](repeating: 0, count: values.count)
        for i in values.indices {
            var sum = 0.0
            for (k, weight) in kernel.enumerated() {
                let j = i + k - radius
                if j >= 0 && j < values.count { sum += weight * values[j] }
            }
            out[i] = sum / sd
        }
        return out
    }

    /// The last local maximum of the cumulative score that reaches half the median of them all: the final beat of
    /// the music rather than of a fade or a tail of silence.
    static func lastBeat(_ cumulative: [Double]) -> Int {
        let n = cumulative.count
        let maxima = (1..<max(1, n - 1)).filter { cumulative[$0] > cumulative[$0 - 1] && cumulative[$0] >= cumulative[$0 + 1] }
        guard !maxima.isEmpty else { return cumulative.indices.max { cumulative[$0] < cumulative[$1] } ?? -1 }
        let sorted = maxima.map { cumulative[$0] }.sorted()
        let threshold = 0.5 * sorted[sorted.count / 2]
        return maxima.last { cumulative[$0] >= threshold } ?? maxima.last!
    }

    /// Drops beats at the start and end whose onset strength (smoothed over five beats) is weak.
    static func trimmed(_ frames: [Int], local: [Double]) -> [Int] {
        guard frames.count > 2 else { return frames }
        let strength = frames.map { local[$0] }
        let window = [0.25, 0.75, 1, 0.75, 0.25]  // Hann of five
        let smooth = strength.indices.map { i in
            window.indices.reduce(0.0) { sum, k in
                let j = i + k - 2
                return j >= 0 && j < strength.count ? sum + window[k] * strength[j] : sum
            } / 3
        }
        let rms = (smooth.reduce(0) { $0 + $1 * $1 } / Double(smooth.count)).squareRoot()
        let threshold = trimFraction * rms
        guard let first = smooth.firstIndex(where: { $0 >= threshold }),
              let last = smooth.lastIndex(where: { $0 >= threshold }) else { return [] }
        return Array(frames[first...last])
    }

    /// The bar phase whose beats carry clearly the most low-band onset, as an index of the first such beat.
    static func downbeat(_ frames: [Int], low: [Float], beatsPerBar: Int) -> Int? {
        guard beatsPerBar > 1, frames.count >= 2 * beatsPerBar, !low.isEmpty else { return nil }
        var sums = [Double](repeating: 0, count: beatsPerBar)
        for (i, frame) in frames.enumerated() {
            // The strongest low onset within two frames of the beat (the kick may land a frame off the full band).
            let around = max(0, frame - 2)...min(low.count - 1, frame + 2)
            sums[i % beatsPerBar] += Double(around.map { low[$0] }.max() ?? 0)
        }
        let ranked = sums.enumerated().sorted { $0.element > $1.element }
        guard ranked[0].element > 0, ranked[0].element >= downbeatMargin * ranked[1].element else { return nil }
        return ranked[0].offset
    }
}
