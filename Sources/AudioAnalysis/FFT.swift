import Foundation

/// The one FFT of Cadence's audio analysis: an iterative radix-2 complex transform of a power-of-two size, with
/// its bit-reversal and twiddles computed once per size. `Float` serves the spectra taken at frame rate (the hot
/// loop, through `RealFFT`); `Double` serves the onset envelope's autocorrelation and spectrum, whose sums over
/// 12-s windows want the precision.
struct FFT<Scalar: BinaryFloatingPoint & Sendable>: Sendable {
    let size: Int
    private let bitReverse: [Int32]
    /// exp(−2πi k / size) for k < size/2, each computed directly (a recurrence drifts over long transforms).
    private let twiddleRe: [Scalar], twiddleIm: [Scalar]

    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "FFT size must be a power of two ≥ 2")
        self.size = size
        var bits = 0
        while (1 << bits) < size { bits += 1 }
        bitReverse = (0..<size).map { index in
            var reversed = 0, rest = index
            for _ in 0..<bits { reversed = (reversed << 1) | (rest & 1); rest >>= 1 }
            return Int32(reversed)
        }
        let angles = (0..<size / 2).map { -2 * Double.pi * Double($0) / Double(size) }
        twiddleRe = angles.map { Scalar(cos($0)) }
        twiddleIm = angles.map { Scalar(sin($0)) }
    }

    /// The transform in place, natural order in and out. The inverse is unscaled (divide by `size`): it is the
    /// forward transform with the real and imaginary parts swapped on the way in and out.
    func transform(re: UnsafeMutablePointer<Scalar>, im: UnsafeMutablePointer<Scalar>, inverse: Bool = false) {
        if inverse { forward(re: im, im: re) } else { forward(re: re, im: im) }
    }

    func transform(_ re: inout [Scalar], _ im: inout [Scalar], inverse: Bool = false) {
        precondition(re.count == size && im.count == size, "FFT input must have \(size) values")
        re.withUnsafeMutableBufferPointer { r in
            im.withUnsafeMutableBufferPointer { i in transform(re: r.baseAddress!, im: i.baseAddress!, inverse: inverse) }
        }
    }

    private func forward(re: UnsafeMutablePointer<Scalar>, im: UnsafeMutablePointer<Scalar>) {
        let n = size
        bitReverse.withUnsafeBufferPointer { reversed in
            for index in 0..<n {
                let other = Int(reversed[index])
                if index < other {
                    swap(&re[index], &re[other])
                    swap(&im[index], &im[other])
                }
            }
        }
        var span = 2
        // The first two stages together: their twiddles (1 and −i) need no multiplication.
        if n >= 4 {
            var j = 0
            while j < n {
                let b0r = re[j] + re[j + 1], b0i = im[j] + im[j + 1]
                let b1r = re[j] - re[j + 1], b1i = im[j] - im[j + 1]
                let b2r = re[j + 2] + re[j + 3], b2i = im[j + 2] + im[j + 3]
                let b3r = re[j + 2] - re[j + 3], b3i = im[j + 2] - im[j + 3]
                re[j] = b0r + b2r; im[j] = b0i + b2i
                re[j + 2] = b0r - b2r; im[j + 2] = b0i - b2i
                re[j + 1] = b1r + b3i; im[j + 1] = b1i - b3r
                re[j + 3] = b1r - b3i; im[j + 3] = b1i + b3r
                j += 4
            }
            span = 8
        }
        twiddleRe.withUnsafeBufferPointer { wr in
            twiddleIm.withUnsafeBufferPointer { wi in
                while span <= n {
                    let halfSpan = span / 2
                    let step = n / span
                    var start = 0
                    while start < n {
                        var t = 0
                        for j in start..<(start + halfSpan) {
                            let cr = wr[t], ci = wi[t]
                            let k = j + halfSpan
                            let xr = re[k] * cr - im[k] * ci
                            let xi = re[k] * ci + im[k] * cr
                            re[k] = re[j] - xr; im[k] = im[j] - xi
                            re[j] += xr; im[j] += xi
                            t += step
                        }
                        start += span
                    }
                    span <<= 1
                }
            }
        }
    }
}

extension FFT {
    /// The smallest power of two ≥ `count` (and ≥ 2).
    static func size(atLeast count: Int) -> Int {
        var size = 2
        while size < count { size <<= 1 }
        return size
    }
}

extension FFT where Scalar == Double {
    /// Linear (non-circular) autocorrelation r[l] = Σ x[n]·x[n+l] for l < maxLag. The transform must hold
    /// `x.count + maxLag` values (`size(atLeast:)`) so that no lag wraps round.
    func autocorrelation(_ x: [Double], maxLag: Int) -> [Double] {
        precondition(x.count + maxLag <= size, "an autocorrelation to lag \(maxLag) of \(x.count) values needs a larger FFT")
        var re = x + [Double](repeating: 0, count: size - x.count)
        var im = [Double](repeating: 0, count: size)
        transform(&re, &im)
        for i in 0..<size { re[i] = re[i] * re[i] + im[i] * im[i]; im[i] = 0 }
        transform(&re, &im, inverse: true)
        return (0..<min(maxLag, size)).map { re[$0] / Double(size) }
    }
}
