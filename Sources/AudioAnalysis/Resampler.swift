import Foundation

/// Band-limited sample-rate conversion: a Kaiser-windowed sinc low-pass evaluated in polyphase form.
/// The cut-off sits just below the lower of the two Nyquist frequencies, so downsampling does not alias.
enum Resampler {
    static func resample(_ input: [Float], from inRate: Int, to outRate: Int) -> [Float] {
        guard inRate > 0, outRate > 0, inRate != outRate, !input.isEmpty else { return input }
        let g = gcd(inRate, outRate)
        let up = outRate / g          // L: output steps per input-step group
        let down = inRate / g         // M
        let outCount = Int((Int64(input.count) * Int64(up)) / Int64(down))
        guard outCount > 0 else { return [] }

        // Filter design (in units of input samples).
        let ratio = min(1.0, Double(outRate) / Double(inRate))
        let cutoff = 0.92 * ratio                 // fraction of the input Nyquist, leaves a transition band
        let zeroCrossings = 16.0
        let halfWidth = Int((zeroCrossings / cutoff).rounded(.up))
        let taps = 2 * halfWidth
        let beta = 8.6                            // Kaiser β ≈ 90 dB stop-band
        let phases = up <= 4096 ? up : 4096
        let i0Beta = besselI0(beta)

        // table[p * taps + j] is the weight of input sample (base - halfWidth + 1 + j) for fractional phase p/phases.
        var table = [Float](repeating: 0, count: phases * taps)
        for p in 0..<phases {
            let frac = Double(p) / Double(phases)
            var sum = 0.0
            var row = [Double](repeating: 0, count: taps)
            for j in 0..<taps {
                let x = Double(j - halfWidth + 1) - frac       // distance from the output instant
                let t = x / Double(halfWidth)
                guard abs(t) <= 1 else { continue }
                let w = besselI0(beta * (1 - t * t).squareRoot()) / i0Beta
                let arg = Double.pi * cutoff * x
                let s = abs(arg) < 1e-12 ? 1.0 : sin(arg) / arg
                row[j] = cutoff * s * w
                sum += row[j]
            }
            // Normalise each phase to unity DC gain.
            for j in 0..<taps { table[p * taps + j] = Float(row[j] / sum) }
        }

        var output = [Float](repeating: 0, count: outCount)
        input.withUnsafeBufferPointer { src in
            table.withUnsafeBufferPointer { tab in
                output.withUnsafeMutableBufferPointer { dst in
                    let n = src.count
                    for o in 0..<outCount {
                        let num = Int64(o) * Int64(down)           // position = num / up input samples
                        let base = Int(num / Int64(up))
                        let rem = Int(num % Int64(up))
                        let p = phases == up ? rem : Int((Int64(rem) * Int64(phases)) / Int64(up))
                        let row = p * taps
                        let start = base - halfWidth + 1
                        var acc: Float = 0
                        if start >= 0 && start + taps <= n {
                            for j in 0..<taps { acc += tab[row + j] * src[start + j] }
                        } else {
                            for j in 0..<taps {
                                let k = start + j
                                if k >= 0 && k < n { acc += tab[row + j] * src[k] }
                            }
                        }
                        dst[o] = acc
                    }
                }
            }
        }
        return output
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var a = a, b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0
        let q = x * x / 4
        for k in 1..<60 {
            term *= q / Double(k * k)
            sum += term
            if term < 1e-12 * sum { break }
        }
        return sum
    }
}
