import Foundation

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
