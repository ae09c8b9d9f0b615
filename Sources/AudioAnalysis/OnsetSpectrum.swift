import Foundation

/// Magnitude spectrum of an onset envelope, averaged over 12 s windows (50 % overlap) with the same
/// energy weights as the autocorrelation.
///
/// The estimator uses it as a check on its chosen period, not to choose the metrical level: in music with
/// a steady bar, the envelope's spectrum has lines only at multiples of the bar rate, so a pulse at ⅔ of
/// the beat (a dotted figure that the autocorrelation likes) has no line of its own (Peeters 2007,
/// "Template-based estimation of time-varying tempo").
struct OnsetSpectrum: Sendable {
    /// Weighted mean of per-window magnitudes, each normalised to its strongest bin.
    let magnitudes: [Double]
    /// Bins per (frames per second): a frequency f in Hz sits at bin f × fftSize / fps.
    let fftSize: Int
    let frameRate: Double

    /// nil for silence or an envelope shorter than 2.5 s.
    init?(_ env: [Float], frameRate fps: Double, zeroPadding: Int = 8) {
        let n = env.count
        let window = min(n, Int((12 * fps).rounded()))
        guard window >= Int(2.5 * fps) else { return nil }
        let size = FFT<Double>.size(atLeast: window * zeroPadding)
        let fft = FFT<Double>(size: size)
        // Symmetric Hann: the window's ends are zero, so a song's cut edges add no broadband energy.
        let hann = (0..<window).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(max(1, window - 1))) }
        let starts = TempoEstimator.windowStarts(count: n, window: window)
        var sum = [Double](repeating: 0, count: size / 2 + 1)
        var totalWeight = 0.0
        for start in starts {
            let seg = env[start..<(start + window)].map(Double.init)
            let weight = (seg.reduce(0) { $0 + $1 * $1 } / Double(window)).squareRoot()
            guard weight > 0 else { continue }
            let mean = seg.reduce(0, +) / Double(window)
            var re = [Double](repeating: 0, count: size), im = [Double](repeating: 0, count: size)
            for i in 0..<window { re[i] = (seg[i] - mean) * hann[i] }
            fft.transform(&re, &im)
            let mags = (0...size / 2).map { (re[$0] * re[$0] + im[$0] * im[$0]).squareRoot() }
            let top = (mags.max() ?? 0) + 1e-12
            for i in mags.indices { sum[i] += weight * mags[i] / top }
            totalWeight += weight
        }
        guard totalWeight > 0 else { return nil }
        magnitudes = sum.map { $0 / totalWeight }
        fftSize = size
        self.frameRate = fps
    }

    /// Strongest magnitude within two bins of a tempo (the line's width after windowing).
    func value(atBPM bpm: Double) -> Double {
        let bin = Int((bpm / 60 / frameRate * Double(fftSize)).rounded())
        let lo = max(0, bin - 2), hi = min(magnitudes.count - 1, bin + 2)
        guard lo <= hi else { return 0 }
        return magnitudes[lo...hi].max() ?? 0
    }

    /// The strongest line between two tempi, probed every half BPM.
    func strongestLine(fromBPM lo: Double, toBPM hi: Double) -> Double {
        stride(from: lo, to: hi, by: 0.5).map { value(atBPM: $0) }.max() ?? 0
    }
}
