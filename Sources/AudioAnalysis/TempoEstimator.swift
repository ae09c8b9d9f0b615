import Foundation

/// Tempo by autocorrelation of an onset-strength envelope.
///
/// 1. Onset strength: spectral flux over 40 log-magnitude mel bands (≈ 86 frames/s), detrended.
/// 2. Autocorrelation in 12 s windows (50 % overlap), each normalised, averaged with weights from the
///    window's onset energy — so silence and sparse intros count little and tempo drift blurs nothing.
/// 3. Each autocorrelation peak in the BPM range is a candidate. Its periodicity is the mean
///    autocorrelation at 1, 2, 3 and 4 periods (a comb): a real pulse repeats at its multiples, while a
///    lag that only matches one rhythmic figure (kick to snare, say, at 1¼ beats) does not.
/// 4. The metrical level comes from a log-Gaussian prior (σ = 0.7 octave) centred between 120 BPM and the
///    rate of the song's salient onsets (peaks of the envelope at least 0.45 × its loud peaks): listeners
///    tap faster when strong events are dense (drum'n'bass) and slower when they are sparse (a ballad), and
///    a fixed centre alone halves fast songs and doubles slow ones (Moelants & McKinney 2004 on preferred
///    tempo; event density as tempo-octave cue, e.g. Elowsson & Friberg 2015).
/// 5. A check against the envelope's spectrum: when the best candidate has no spectral line of its own
///    (under `spectralLineFraction` of the strongest line) and a candidate at ×³⁄₂ or ×¾ of it has one and
///    scores at least `vetoScoreFraction` as well, that one is taken. This removes ×⅔ readings of dotted
///    patterns (a 140 BPM house track read as 93) without letting the spectrum pick between octaves, where
///    its harmonics favour the faster level.
/// 6. The chosen period is refined from the peaks at its multiples (least squares, parabolic interpolation).
public struct TempoEstimator: Sendable {
    public let minBPM: Double
    public let maxBPM: Double

    /// Prior centre without other evidence, and width (octaves).
    static let priorCentre = 120.0
    static let priorOctaves = 0.7
    /// How much the salient-onset rate moves the prior's centre (in log tempo: 0 none, 1 all the way).
    static let densityWeight = 0.5
    /// A salient onset is an envelope peak at least this fraction of the loud peaks (95th percentile).
    static let salientFraction = 0.45
    /// Periods in the comb that scores a candidate.
    static let combPeriods = 4
    /// A tempo "has a line" when the onset spectrum there reaches this fraction of the strongest line
    /// (0.4–0.8 gave the same readings on every corpus; the middle is kept).
    static let spectralLineFraction = 0.5
    /// The ×³⁄₂ / ×¾ replacement must score at least this fraction of the vetoed candidate.
    static let vetoScoreFraction = 0.3

    public init(minBPM: Double = 50, maxBPM: Double = 220) {
        let lo = max(10, min(minBPM, maxBPM)), hi = max(minBPM, maxBPM)
        self.minBPM = lo
        self.maxBPM = max(hi, lo * 1.1)
    }

    public func estimate(_ audio: AudioBuffer, progress: (@Sendable (Double) -> Void)? = nil) -> TempoEstimate {
        analyse(audio, progress: progress).tempo
    }

    /// The tempo and, at that tempo, the beats (`BeatTracker`), from one pass over the audio.
    public func analyse(_ audio: AudioBuffer, progress: (@Sendable (Double) -> Void)? = nil) -> RhythmAnalysis {
        progress?(0)
        defer { progress?(1) }
        let nothing = RhythmAnalysis(tempo: TempoEstimate(bpm: 0, confidence: 0, alternatives: []), beats: .none)
        guard audio.sampleRate > 0, audio.samples.count > audio.sampleRate * 3 else { return nothing }
        // ≈ 46 ms frames, 11.6 ms hop whatever the sample rate.
        var frame = 256
        while Double(frame) < Double(audio.sampleRate) * 1024 / 22_050 * 0.75 { frame <<= 1 }
        let hop = frame / 4
        let env = OnsetStrength.envelopes(audio, hop: hop, frame: frame, bands: 40, lowBands: Self.lowBands,
                                          progress: progress.map { p in { @Sendable x in p(0.9 * x) } })
        let fps = env.frameRate
        // Light smoothing (Hann, ≈ 70 ms) so autocorrelation peaks span several lags and interpolate well.
        let smoothing = max(3, Int((0.07 * fps).rounded()) | 1)
        let smooth = Self.smooth(env.values, width: smoothing)
        let tempo = estimate(envelope: smooth, frameRate: fps)
        guard tempo.bpm > 0 else { return nothing }
        // The beats follow the change in linear magnitude (`OnsetStrength.Envelopes.change`), which keeps them on
        // the loud notes rather than on the busy off-beats. An onset peaks there in the frame whose window has it
        // about in the middle (measured on click tracks: `BeatTrackerTests`), so a frame's onset lies that far past
        // the frame's start.
        let latency = Double(frame) * Self.changeLead / Double(audio.sampleRate)
        let change = Self.smooth(env.change, width: smoothing)
        let tracked = BeatTracker().track(envelope: change, low: env.low, frameRate: fps, bpm: tempo.bpm, latency: latency)
        let beats = BeatTrack(times: BeatOnsetRefiner.refined(tracked.times, samples: audio.samples, sampleRate: audio.sampleRate),
                              beatsPerBar: tracked.beatsPerBar, downbeat: tracked.downbeat)
        return RhythmAnalysis(tempo: tempo, beats: beats)
    }

    /// Mel bands (of 40 from 30 Hz) whose onsets mark downbeats: the lowest three, up to about 200 Hz.
    static let lowBands = 3
    /// Where in the analysis window an onset falls when its frame's magnitude change peaks, as a fraction of the window.
    static let changeLead = 0.5

    func estimate(envelope smooth: [Float], frameRate fps: Double) -> TempoEstimate {
        guard let acf = Self.weightedAutocorrelation(smooth, frameRate: fps, maxPeriod: 60 / minBPM,
                                                     combPeriods: Self.combPeriods) else {
            return TempoEstimate(bpm: 0, confidence: 0, alternatives: [])
        }
        let lagMin = 60 * fps / maxBPM, lagMax = 60 * fps / minBPM
        var centre = Self.priorCentre
        if let rate = Self.salientOnsetRate(smooth, frameRate: fps) {
            centre = exp((1 - Self.densityWeight) * log(centre) + Self.densityWeight * log(rate))
        }
        let prior = Prior(centre: centre, octaves: Self.priorOctaves)

        // Candidates: local maxima of the autocorrelation inside the lag range.
        var candidates: [Candidate] = []
        let lo = max(2, Int(lagMin.rounded(.down))), hi = min(acf.count - 2, Int(lagMax.rounded(.up)))
        guard lo < hi else { return TempoEstimate(bpm: 0, confidence: 0, alternatives: []) }
        for l in lo...hi where acf[l] > 0 && acf[l] >= acf[l - 1] && acf[l] >= acf[l + 1] {
            let (pos, val) = Self.parabolic(acf, l)
            guard pos >= lagMin * 0.98 && pos <= lagMax * 1.02 else { continue }
            candidates.append(Self.candidate(lag: pos, value: val, acf: acf, fps: fps, prior: prior))
        }
        candidates.sort { $0.score > $1.score }
        guard let best = candidates.first, best.score > 0 else {
            return TempoEstimate(bpm: 0, confidence: 0, alternatives: [])
        }
        let chosen = Self.spectralCheck(best: best, ranked: candidates,
                                        spectrum: OnsetSpectrum(smooth, frameRate: fps),
                                        bpmRange: minBPM...maxBPM)
        let lag = Self.refine(lag: chosen.lag, acf: acf)
        let bpm = 60 * fps / lag

        // Confidence: periodicity strength at the chosen level × dominance over unrelated tempi.
        let related: [Double] = [1, 2, 0.5, 3, 1.0 / 3, 1.5, 2.0 / 3, 4, 0.25, 0.75, 4.0 / 3]
        let rival = candidates.filter { c in
            !related.contains { r in abs(log(c.bpm / (bpm * r))) < 0.04 }
        }.map(\.score).max() ?? 0
        let dominance = max(0, min(1, 1 - rival / chosen.score))
        let strength = max(0, min(1, chosen.value))
        let confidence = strength * (0.5 + 0.5 * dominance)

        // Alternatives: half and double always; the triple relations when they are nearly as plausible.
        var alts: [(Double, Double)] = []
        for r in [0.5, 2.0, 2.0 / 3, 1.5] {
            let altLag = lag / r
            let peak = Self.peak(acf, near: altLag, radius: max(1.5, 0.03 * altLag))
            let s = peak.value > 0 ? Self.candidate(lag: altLag, value: peak.value, acf: acf, fps: fps, prior: prior).score : 0
            if r == 0.5 || r == 2 || s >= 0.5 * chosen.score { alts.append((bpm * r, s)) }
        }
        alts.sort { $0.1 > $1.1 }
        return TempoEstimate(bpm: (bpm * 100).rounded() / 100, confidence: (confidence * 1000).rounded() / 1000,
                             alternatives: alts.map { ($0.0 * 100).rounded() / 100 })
    }

    struct Candidate {
        /// Period in frames; autocorrelation at the period; mean autocorrelation at its multiples; prior × comb.
        var lag: Double, bpm: Double, value: Double, comb: Double, score: Double
    }

    /// Log-Gaussian in tempo.
    struct Prior {
        var centre: Double, octaves: Double
        func weight(_ bpm: Double) -> Double {
            let z = log2(bpm / centre) / octaves
            return exp(-0.5 * z * z)
        }
    }

    static func candidate(lag: Double, value: Double, acf: [Double], fps: Double, prior: Prior) -> Candidate {
        let bpm = 60 * fps / lag
        var sum = 0.0, count = 0
        for k in 1...combPeriods {
            let at = Double(k) * lag
            guard at + 2 < Double(acf.count) else { break }
            sum += peak(acf, near: at, radius: max(1.0, 0.03 * at)).value
            count += 1
        }
        let comb = count > 0 ? sum / Double(count) : value
        return Candidate(lag: lag, bpm: bpm, value: value, comb: comb, score: prior.weight(bpm) * max(0, comb))
    }

    /// Step 5: keep `best` unless it has no line in the onset spectrum and a candidate at ×³⁄₂ or ×¾
    /// (within 4 %) has one and scores at least `vetoScoreFraction` of it; then the highest such.
    static func spectralCheck(best: Candidate, ranked: [Candidate], spectrum: OnsetSpectrum?,
                              bpmRange: ClosedRange<Double>) -> Candidate {
        guard let spectrum else { return best }
        let strongest = spectrum.strongestLine(fromBPM: bpmRange.lowerBound, toBPM: bpmRange.upperBound)
        guard strongest > 0 else { return best }
        func hasLine(_ c: Candidate) -> Bool { spectrum.value(atBPM: c.bpm) >= spectralLineFraction * strongest }
        guard !hasLine(best) else { return best }
        for c in ranked where c.score >= vetoScoreFraction * best.score {
            let ratio = c.bpm / best.bpm
            if [1.5, 0.75].contains(where: { abs(ratio / $0 - 1) < 0.04 }) && hasLine(c) { return c }
        }
        return best
    }

    /// Salient onsets per minute: peaks of the envelope (at least 0.1 s apart, the larger kept) that reach
    /// `salientFraction` of the loud peaks, counted from the first to the last. nil with fewer than three.
    static func salientOnsetRate(_ env: [Float], frameRate fps: Double) -> Double? {
        let peaks = peaks(env, minimumDistance: max(1, Int(0.1 * fps)))
        guard peaks.count >= 3 else { return nil }
        let heights = peaks.map { Double(env[$0]) }.sorted()
        let loud = percentile(heights, 0.95)
        guard loud > 0 else { return nil }
        let salient = peaks.filter { Double(env[$0]) >= salientFraction * loud }
        guard salient.count >= 3, let first = salient.first, let last = salient.last, last > first else { return nil }
        return 60 * Double(salient.count - 1) / (Double(last - first) / fps)
    }

    /// Local maxima (a flat top counts once, at its middle); of two closer than `minimumDistance` frames
    /// the higher is kept. Returns frame indices in order.
    static func peaks(_ x: [Float], minimumDistance: Int) -> [Int] {
        var found: [Int] = []
        var i = 1
        while i < x.count - 1 {
            if x[i] > x[i - 1] {
                var j = i
                while j + 1 < x.count && x[j + 1] == x[i] { j += 1 }
                if j + 1 < x.count && x[j + 1] < x[i] { found.append((i + j) / 2); i = j }
            }
            i += 1
        }
        var keep = [Bool](repeating: true, count: found.count)
        for k in found.indices.sorted(by: { x[found[$0]] > x[found[$1]] }) where keep[k] {
            var m = k - 1
            while m >= 0 && found[k] - found[m] < minimumDistance { keep[m] = false; m -= 1 }
            m = k + 1
            while m < found.count && found[m] - found[k] < minimumDistance { keep[m] = false; m += 1 }
        }
        return found.indices.filter { keep[$0] }.map { found[$0] }
    }

    /// Linear-interpolated percentile of sorted values (q in 0…1).
    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let pos = q * Double(sorted.count - 1)
        let i = Int(pos.rounded(.down)), f = pos - Double(i)
        return i + 1 < sorted.count ? sorted[i] * (1 - f) + sorted[i + 1] * f : sorted[i]
    }

    /// Energy-weighted mean of normalised autocorrelations of 12 s windows. nil for silence.
    /// Lags reach `combPeriods` × the longest period where the window allows (short songs get fewer).
    static func weightedAutocorrelation(_ env: [Float], frameRate fps: Double, maxPeriod: Double,
                                        combPeriods: Int = 1) -> [Double]? {
        let n = env.count
        let window = min(n, Int((12 * fps).rounded()))
        let needed = Int((maxPeriod * 1.1 * fps).rounded(.up)) + 2
        let combLag = min(Int((Double(combPeriods) * maxPeriod * 1.1 * fps).rounded(.up)) + 2, window * 3 / 4)
        let maxLag = max(needed, window / 2, combLag)
        guard window >= Int(2.5 * fps), maxLag < window else { return nil }
        let starts = windowStarts(count: n, window: window)
        var sum = [Double](repeating: 0, count: maxLag + 1)
        var totalWeight = 0.0
        let fft = FFT<Double>(size: FFT<Double>.size(atLeast: window + maxLag + 1))
        for start in starts {
            let seg = env[start..<(start + window)].map(Double.init)
            let meanSquare = seg.reduce(0) { $0 + $1 * $1 } / Double(window)
            let mean = seg.reduce(0, +) / Double(window)
            let x = seg.map { $0 - mean }
            let r = fft.autocorrelation(x, maxLag: maxLag + 1)
            guard r[0] > 1e-12 * Double(window), meanSquare > 0 else { continue }
            let weight = meanSquare.squareRoot()
            let norm = r[0] / Double(window)
            for l in 0...maxLag { sum[l] += weight * (r[l] / Double(window - l)) / norm }
            totalWeight += weight
        }
        guard totalWeight > 0 else { return nil }
        return sum.map { $0 / totalWeight }
    }

    /// Where the analysis windows start: every half window, plus one flush with the end when more
    /// than a quarter window would otherwise be left out.
    static func windowStarts(count n: Int, window: Int) -> [Int] {
        var starts: [Int] = []
        var s = 0
        while s + window <= n { starts.append(s); s += window / 2 }
        if let last = starts.last, n - (last + window) > window / 4 { starts.append(n - window) }
        return starts
    }

    static func smooth(_ x: [Float], width: Int) -> [Float] {
        let h = width / 2
        let kernel = (0..<width).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0 + 1) / Double(width + 1))) }
        let total = kernel.reduce(0, +)
        var out = [Float](repeating: 0, count: x.count)
        for i in x.indices {
            var acc: Float = 0
            for j in 0..<width {
                let k = i + j - h
                if k >= 0 && k < x.count { acc += kernel[j] * x[k] }
            }
            out[i] = acc / total
        }
        return out
    }

    /// Peak position/value by parabolic interpolation around integer index i.
    static func parabolic(_ a: [Double], _ i: Int) -> (Double, Double) {
        guard i > 0, i + 1 < a.count else { return (Double(i), a[i]) }
        let y0 = a[i - 1], y1 = a[i], y2 = a[i + 1]
        let d = y0 - 2 * y1 + y2
        guard d < 0 else { return (Double(i), y1) }
        let off = max(-0.5, min(0.5, 0.5 * (y0 - y2) / d))
        return (Double(i) + off, y1 - 0.25 * (y0 - y2) * off)
    }

    /// Largest autocorrelation value within `radius` of a (fractional) lag, interpolated.
    static func peak(_ a: [Double], near lag: Double, radius: Double) -> (pos: Double, value: Double) {
        let lo = max(1, Int((lag - radius).rounded(.down))), hi = min(a.count - 2, Int((lag + radius).rounded(.up)))
        guard lo <= hi else { return (lag, 0) }
        var bi = lo
        for i in lo...hi where a[i] > a[bi] { bi = i }
        let (p, v) = parabolic(a, bi)
        return (p, v)
    }

    /// Least-squares period from the peaks at k × lag (k = 1, 2, …) that stand out.
    static func refine(lag: Double, acf: [Double]) -> Double {
        let first = peak(acf, near: lag, radius: 1)
        var est = first.pos
        var num = est * max(first.value, 1e-6), den = max(first.value, 1e-6)
        var k = 2.0
        while k * est + 2 < Double(acf.count - 1) {
            let p = peak(acf, near: k * est, radius: min(0.25 * est, 1.5))
            if p.value > 0.3 * first.value {
                let w = p.value
                num += w * k * p.pos
                den += w * k * k
                est = num / den
            }
            k += 1
        }
        return est
    }
}
