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
        var frame = 4
        while frame < requestedFrame { frame <<= 1 }
        let hop = max(1, hop)
        let sr = Double(max(1, audio.sampleRate))
        let frameRate = sr / Double(hop)
        let x = audio.samples
        guard x.count > 0 else { return ([], frameRate) }
        let frames = x.count <= frame ? 1 : (x.count - frame + hop - 1) / hop + 1
        let bins = frame / 2 + 1

        let bank = MelBank(bands: bands, fftSize: frame, sampleRate: sr, fMin: 30, fMax: min(11_025, sr / 2))
        let nb = bank.bands
        var bandPower = [Float](repeating: 0, count: frames * nb)
        let fft = RealFFT(size: frame)
        var window = [Float](repeating: 0, count: frame)
        for i in 0..<frame { window[i] = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(frame))) }

        var buf = [Float](repeating: 0, count: frame)
        var re = [Float](repeating: 0, count: frame / 2)
        var im = [Float](repeating: 0, count: frame / 2)
        var power = [Float](repeating: 0, count: bins)
        var maxPower: Float = 0
        let reportEvery = max(1, frames / 20)

        x.withUnsafeBufferPointer { src in
            window.withUnsafeBufferPointer { win in
                buf.withUnsafeMutableBufferPointer { b in
                    re.withUnsafeMutableBufferPointer { r in
                        im.withUnsafeMutableBufferPointer { m in
                            power.withUnsafeMutableBufferPointer { p in
                                bandPower.withUnsafeMutableBufferPointer { bp in
                                    for t in 0..<frames {
                                        let start = t * hop
                                        let avail = min(frame, src.count - start)
                                        for i in 0..<avail { b[i] = src[start + i] * win[i] }
                                        if avail < frame { for i in max(0, avail)..<frame { b[i] = 0 } }
                                        fft.powerSpectrum(b.baseAddress!, re: r.baseAddress!, im: m.baseAddress!, power: p.baseAddress!)
                                        bank.apply(p.baseAddress!, into: bp.baseAddress! + t * nb)
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

        // dB relative to the loudest band value, floored 80 dB below it (scale invariant).
        let floorPower = max(maxPower * 1e-8, 1e-20)
        var values = [Float](repeating: 0, count: frames)
        bandPower.withUnsafeMutableBufferPointer { bp in
            for i in 0..<bp.count { bp[i] = 10 * log10(max(bp[i], floorPower)) }
            for t in 1..<max(1, frames) {
                var flux: Float = 0
                let cur = t * nb, prev = (t - 1) * nb
                for k in 0..<nb {
                    let d = bp[cur + k] - bp[prev + k]
                    if d > 0 { flux += d }
                }
                values[t] = flux / Float(nb)
            }
        }
        return (detrend(values, frameRate: frameRate), frameRate)
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

/// Triangular mel filterbank applied to a power spectrum.
struct MelBank {
    let bands: Int
    private let starts: [Int]       // first FFT bin of each band
    private let offsets: [Int]      // where each band's weights begin in `weights` (bands + 1 entries)
    private let weights: [Float]

    init(bands requested: Int, fftSize: Int, sampleRate: Double, fMin: Double, fMax: Double) {
        func mel(_ f: Double) -> Double { 2595 * log10(1 + f / 700) }
        func hz(_ m: Double) -> Double { 700 * (pow(10, m / 2595) - 1) }
        let binHz = sampleRate / Double(fftSize)
        let nBins = fftSize / 2 + 1
        let lo = mel(fMin), hi = mel(max(fMax, fMin + binHz * 4))
        let edges = (0..<(requested + 2)).map { hz(lo + (hi - lo) * Double($0) / Double(requested + 1)) }
        var s = [Int](), o = [0], w = [Float]()
        for b in 0..<requested {
            let (f0, f1, f2) = (edges[b], edges[b + 1], edges[b + 2])
            var first = -1
            var row = [Float]()
            for k in 0..<nBins {
                let f = Double(k) * binHz
                let v = f <= f1 ? (f - f0) / (f1 - f0) : (f2 - f) / (f2 - f1)
                if v > 0 {
                    if first < 0 { first = k }
                    while first + row.count < k { row.append(0) }
                    row.append(Float(v))
                }
            }
            if first < 0 {                        // narrower than a bin: take the nearest bin
                first = min(nBins - 1, Int((f1 / binHz).rounded()))
                row = [1]
            }
            s.append(first)
            w += row
            o.append(w.count)
        }
        bands = requested
        starts = s
        offsets = o
        weights = w
    }

    func apply(_ power: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        starts.withUnsafeBufferPointer { st in
            offsets.withUnsafeBufferPointer { off in
                weights.withUnsafeBufferPointer { w in
                    for b in 0..<bands {
                        let p = power + st[b] - off[b]
                        var acc: Float = 0
                        for j in off[b]..<off[b + 1] { acc += w[j] * p[j] }
                        out[b] = acc
                    }
                }
            }
        }
    }
}
