import Foundation

/// Real-input FFT of a power-of-two size N, computed as an N/2-point complex radix-2 FFT
/// (iterative, precomputed twiddles and bit-reversal) plus the usual split step.
struct RealFFT: Sendable {
    let n: Int
    let half: Int
    private let bitReverse: [Int32]
    private let twRe: [Float], twIm: [Float]         // exp(-2πi k / half), k < half/2
    private let splitRe: [Float], splitIm: [Float]   // exp(-2πi k / n), k ≤ half

    init(size: Int) {
        precondition(size >= 4 && size & (size - 1) == 0, "FFT size must be a power of two ≥ 4")
        n = size
        half = size / 2
        var bits = 0
        while (1 << bits) < half { bits += 1 }
        var rev = [Int32](repeating: 0, count: half)
        for i in 0..<half {
            var r = 0, x = i
            for _ in 0..<bits { r = (r << 1) | (x & 1); x >>= 1 }
            rev[i] = Int32(r)
        }
        bitReverse = rev
        var tr = [Float](), ti = [Float]()
        for k in 0..<max(1, half / 2) {
            let a = -2 * Double.pi * Double(k) / Double(half)
            tr.append(Float(cos(a))); ti.append(Float(sin(a)))
        }
        twRe = tr; twIm = ti
        var sr = [Float](), si = [Float]()
        for k in 0...half {
            let a = -2 * Double.pi * Double(k) / Double(size)
            sr.append(Float(cos(a))); si.append(Float(sin(a)))
        }
        splitRe = sr; splitIm = si
    }

    /// Power spectrum |X[k]|², k = 0…N/2, of `input` (N real samples). `re`/`im` are scratch of size N/2.
    func powerSpectrum(_ input: UnsafePointer<Float>, re: UnsafeMutablePointer<Float>, im: UnsafeMutablePointer<Float>,
                       power: UnsafeMutablePointer<Float>) {
        transform(input, re: re, im: im)
        let m = half
        // k = 0 and k = N/2
        power[0] = (re[0] + im[0]) * (re[0] + im[0])
        power[m] = (re[0] - im[0]) * (re[0] - im[0])
        splitRe.withUnsafeBufferPointer { wr in
            splitIm.withUnsafeBufferPointer { wi in
                for k in 1..<m {
                    let a = re[k], b = im[k], c = re[m - k], d = im[m - k]
                    let er = 0.5 * (a + c), ei = 0.5 * (b - d)
                    let or = 0.5 * (b + d), oi = -0.5 * (a - c)
                    let cr = wr[k], ci = wi[k]
                    let xr = er + cr * or - ci * oi
                    let xi = ei + cr * oi + ci * or
                    power[k] = xr * xr + xi * xi
                }
            }
        }
    }

    /// Complex FFT of the packed sequence z[j] = x[2j] + i·x[2j+1]; result in re/im (length N/2).
    func transform(_ input: UnsafePointer<Float>, re: UnsafeMutablePointer<Float>, im: UnsafeMutablePointer<Float>) {
        let m = half
        bitReverse.withUnsafeBufferPointer { rev in
            for j in 0..<m {
                let r = Int(rev[j])
                re[r] = input[2 * j]
                im[r] = input[2 * j + 1]
            }
        }
        // First two stages together (twiddles 1 and −i need no multiplications).
        if m >= 4 {
            var j = 0
            while j < m {
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
        }
        twRe.withUnsafeBufferPointer { wr in
            twIm.withUnsafeBufferPointer { wi in
                var size = m >= 4 ? 8 : 2
                while size <= m {
                    let h = size / 2
                    let step = m / size
                    var start = 0
                    while start < m {
                        var t = 0
                        for j in start..<(start + h) {
                            let cr = wr[t], ci = wi[t]
                            let k = j + h
                            let xr = re[k] * cr - im[k] * ci
                            let xi = re[k] * ci + im[k] * cr
                            re[k] = re[j] - xr; im[k] = im[j] - xi
                            re[j] += xr; im[j] += xi
                            t += step
                        }
                        start += size
                    }
                    size <<= 1
                }
            }
        }
    }
}
