import Foundation
import Testing
@testable import AudioAnalysis

/// The one FFT, against the definition: a direct DFT in Double, in both precisions and both directions.
@Suite(.timeLimit(.minutes(5)))
struct FFTTests {
    static func dft(_ re: [Double], _ im: [Double], inverse: Bool = false) -> ([Double], [Double]) {
        let n = re.count, sign = inverse ? 1.0 : -1.0
        var outRe = [Double](repeating: 0, count: n), outIm = outRe
        for k in 0..<n {
            for j in 0..<n {
                let angle = sign * 2 * Double.pi * Double(k * j) / Double(n)
                outRe[k] += re[j] * cos(angle) - im[j] * sin(angle)
                outIm[k] += re[j] * sin(angle) + im[j] * cos(angle)
            }
        }
        return (outRe, outIm)
    }

    static func signal(_ n: Int) -> ([Double], [Double]) {
        let re: [Double] = (0..<n).map { index in
            let t = Double(index)
            return sin(t * 0.7) + 0.3 * cos(t * 2.1)
        }
        let im: [Double] = (0..<n).map { index in
            let t = Double(index)
            return 0.5 * cos(t * 0.31) - 0.2 * sin(t * 1.3)
        }
        return (re, im)
    }

    @Test(arguments: [2, 4, 8, 64, 512])
    func doubleMatchesTheDFTBothWays(size: Int) {
        let (re, im) = Self.signal(size)
        let fft = FFT<Double>(size: size)
        for inverse in [false, true] {
            var r = re, i = im
            fft.transform(&r, &i, inverse: inverse)
            let (expectedRe, expectedIm) = Self.dft(re, im, inverse: inverse)
            let worst = zip(r + i, expectedRe + expectedIm).map { abs($0 - $1) }.max() ?? 0
            #expect(worst < 1e-9 * Double(size), "size \(size) inverse \(inverse): off by \(worst)")
        }
    }

    @Test func floatMatchesTheDFT() {
        let size = 256
        let (re, im) = Self.signal(size)
        var r = re.map(Float.init), i = im.map(Float.init)
        FFT<Float>(size: size).transform(&r, &i)
        let (expectedRe, expectedIm) = Self.dft(re, im)
        let worst = zip((r + i).map(Double.init), expectedRe + expectedIm).map { abs($0 - $1) }.max() ?? 0
        #expect(worst < 1e-3, "off by \(worst)")
    }

    @Test func forwardThenInverseGivesTheInputBack() {
        let size = 4096
        let (re, im) = Self.signal(size)
        let fft = FFT<Double>(size: size)
        var r = re, i = im
        fft.transform(&r, &i)
        fft.transform(&r, &i, inverse: true)
        let worst = zip(r + i, re + im).map { abs($0 / Double(size) - $1) }.max() ?? 0
        #expect(worst < 1e-12)
    }

    @Test func autocorrelationIsTheDirectSumWithoutWrapping() {
        let x: [Double] = (0..<300).map { index in sin(Double(index) * 0.23) + (index % 17 == 0 ? 1 : 0) }
        let maxLag = 200
        let fft = FFT<Double>(size: FFT<Double>.size(atLeast: x.count + maxLag))
        let r = fft.autocorrelation(x, maxLag: maxLag)
        #expect(r.count == maxLag)
        for lag in [0, 1, 17, 150, 199] {
            let direct = (0..<(x.count - lag)).reduce(0.0) { $0 + x[$1] * x[$1 + lag] }
            #expect(abs(r[lag] - direct) < 1e-9 * max(1, abs(direct)), "lag \(lag): \(r[lag]) vs \(direct)")
        }
    }
}
