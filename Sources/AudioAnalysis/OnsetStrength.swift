import Foundation

/// Onset-strength envelope: half-wave rectified spectral flux of log-magnitude (dB) mel bands,
/// averaged over bands, then detrended (local mean removed over ~1 s) and rectified again.
public struct OnsetStrength {
    /// - Returns: one value per hop, and the frame rate (frames per second).
    public static func envelope(_ audio: AudioBuffer, hop: Int = 512, frame: Int = 2048) -> (values: [Float], frameRate: Double) {
        envelope(audio, hop: hop, frame: frame, bands: 40, progress: nil)
    }

    static func envelope(_ audio: AudioBuffer, hop: Int, frame requestedFrame: Int, bands: Int,
                         progress: (@Sendable (Double) -> Void)?) -> (values: [Float], frameRate: Double) {
        let both = envelopes(audio, hop: hop, frame: requestedFrame, bands: bands, lowBands: 0, progress: progress)
        return (both.values, both.frameRate)
    }

    /// From one pass: the envelope over all bands, the same over the lowest `lowBands` (kick drum and bass), and the
    /// spectral change in linear magnitude (`change`).
    struct Envelopes {
        var values: [Float], low: [Float], frameRate: Double
        /// Each frame's L1 distance from the one before over the linear magnitude spectrum, rises and falls alike
        /// (Essentia's "flux" onset function), detrended. Loud notes weigh as loud: a bass note on the beat outweighs
        /// a quiet chord or hi-hat between beats, which the log-mel envelope, averaging its bands' decibels, ranks
        /// higher. The beat tracker follows this one (issue 41); the tempo still comes from `values`.
        var change: [Float]
    }

    static func envelopes(_ audio: AudioBuffer, hop: Int, frame requestedFrame: Int, bands: Int, lowBands: Int,
                          progress: (@Sendable (Double) -> Void)?) -> Envelopes {
        var frame = 4
        while frame < requestedFrame { frame <<= 1 }
        let hop = max(1, hop)
        let sr = Double(max(1, audio.sampleRate))
        let frameRate = sr / Double(hop)
        let x = audio.samples
        guard x.count > 0 else { return Envelopes(values: [], low: [], frameRate: frameRate, change: []) }
        let frames = x.count <= frame ? 1 : (x.count - frame + hop - 1) / hop + 1
        let bins = frame / 2 + 1

        let bank = MelBank(bands: bands, fftSize: frame, sampleRate: sr, fMin: 30, fMax: min(11_025, sr / 2))
        let nb = bank.bands
        var bandPower = [Float](repeating: 0, count: frames * nb)
        let fft = RealFFT(size: frame)
        let window = hannWindow(frame)

        var buf = [Float](repeating: 0, count: frame)
        var re = [Float](repeating: 0, count: frame / 2)
        var im = [Float](repeating: 0, count: frame / 2)
        var power = [Float](repeating: 0, count: bins)
        var magnitude = [Float](repeating: 0, count: bins)
        var change = [Float](repeating: 0, count: frames)
        var maxPower: Float = 0
        let reportEvery = max(1, frames / 20)

        x.withUnsafeBufferPointer { src in
            window.withUnsafeBufferPointer { win in
                buf.withUnsafeMutableBufferPointer { b in
                    re.withUnsafeMutableBufferPointer { r in
                        im.withUnsafeMutableBufferPointer { m in
                            power.withUnsafeMutableBufferPointer { p in
                                magnitude.withUnsafeMutableBufferPointer { mag in
                                    bandPower.withUnsafeMutableBufferPointer { bp in
                                        for t in 0..<frames {
                                            let start = t * hop
                                            let avail = min(frame, src.count - start)
                                            for i in 0..<avail { b[i] = src[start + i] * win[i] }
                                            if avail < frame { for i in max(0, avail)..<frame { b[i] = 0 } }
                                            fft.powerSpectrum(b.baseAddress!, re: r.baseAddress!, im: m.baseAddress!, power: p.baseAddress!)
                                            bank.apply(p.baseAddress!, into: bp.baseAddress! + t * nb)
                                            let distance = magnitudeChange(power: UnsafeBufferPointer(p), previous: mag)
                                            change[t] = t == 0 ? 0 : distance
                                            for k in 0..<nb where bp[t * nb + k] > maxPower { maxPower = bp[t * nb + k] }
                                            if let progress, t % reportEvery == 0 { progress(Double(t) / Double(frames)) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        // dB relative to the loudest band value, floored 80 dB below it (scale invariant).
        let floorPower = max(maxPower * 1e-8, 1e-20)
        var values = [Float](repeating: 0, count: frames)
        let lowBands = min(lowBands, nb)
        var low = [Float](repeating: 0, count: lowBands > 0 ? frames : 0)
        bandPower.withUnsafeMutableBufferPointer { bp in
            for i in 0..<bp.count { bp[i] = 10 * log10(max(bp[i], floorPower)) }
            for t in 1..<max(1, frames) {
                var flux: Float = 0
                let cur = t * nb, prev = (t - 1) * nb
                for k in 0..<nb {
                    let d = bp[cur + k] - bp[prev + k]
                    if d > 0 { flux += d }
                    if k == lowBands - 1 { low[t] = flux / Float(lowBands) }
                }
                values[t] = flux / Float(nb)
            }
        }
        return Envelopes(values: detrend(values, frameRate: frameRate),
                         low: lowBands > 0 ? detrend(low, frameRate: frameRate) : [], frameRate: frameRate,
                         change: detrend(change, frameRate: frameRate))
    }

    /// The L1 distance between this frame's magnitudes (the square roots of `power`) and `previous`, which then holds
    /// them.
    static func magnitudeChange(power: UnsafeBufferPointer<Float>, previous: UnsafeMutableBufferPointer<Float>) -> Float {
        var distance: Float = 0
        for k in 0..<min(power.count, previous.count) {
            let magnitude = power[k].squareRoot()
            distance += abs(magnitude - previous[k])
            previous[k] = magnitude
        }
        return distance
    }

    /// Removes the local mean (box window of about one second) and half-wave rectifies.
    static func detrend(_ v: [Float], frameRate: Double) -> [Float] {
        let n = v.count
        guard n > 2 else { return v }
        let half = max(1, Int((0.5 * frameRate).rounded()))
        var prefix = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + Double(v[i]) }
        var out = [Float](repeating: 0, count: n)
        for i in 0..<n {
            let a = max(0, i - half), b = min(n, i + half + 1)
            let mean = (prefix[b] - prefix[a]) / Double(b - a)
            out[i] = max(0, v[i] - Float(mean))
        }
        return out
    }
}
