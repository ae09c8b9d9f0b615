import Foundation

/// The spectrum of N real samples (N a power of two), through an N/2-point complex `FFT` of the samples packed
/// in pairs (z[j] = x[2j] + i·x[2j+1]) and the usual split step that separates the even and odd halves.
struct RealFFT: Sendable {
    let n: Int
    let half: Int
    private let complex: FFT<Float>
    private let splitRe: [Float], splitIm: [Float]   // exp(-2πi k / n), k ≤ half

    init(size: Int) {
        precondition(size >= 4 && size & (size - 1) == 0, "FFT size must be a power of two ≥ 4")
        n = size
        half = size / 2
        complex = FFT(size: half)
        let angles = (0...half).map { -2 * Double.pi * Double($0) / Double(size) }
        splitRe = angles.map { Float(cos($0)) }
        splitIm = angles.map { Float(sin($0)) }
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
        for j in 0..<half {
            re[j] = input[2 * j]
            im[j] = input[2 * j + 1]
        }
        complex.transform(re: re, im: im)
    }
}
