import Foundation

/// Complex FFT on Double arrays (in place), for autocorrelation of onset envelopes.
enum ComplexFFT {
    static func transform(_ re: inout [Double], _ im: inout [Double], inverse: Bool = false) {
        let n = re.count
        precondition(n & (n - 1) == 0)
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var size = 2
        let sign = inverse ? 1.0 : -1.0
        while size <= n {
            let a = sign * 2 * Double.pi / Double(size)
            let wr = cos(a), wi = sin(a)
            var start = 0
            while start < n {
                var cr = 1.0, ci = 0.0
                for k in start..<(start + size / 2) {
                    let l = k + size / 2
                    let xr = re[l] * cr - im[l] * ci
                    let xi = re[l] * ci + im[l] * cr
                    re[l] = re[k] - xr; im[l] = im[k] - xi
                    re[k] += xr; im[k] += xi
                    let t = cr * wr - ci * wi
                    ci = cr * wi + ci * wr
                    cr = t
                }
                start += size
            }
            size <<= 1
        }
    }

    /// Linear (non-circular) autocorrelation r[l] = Σ x[n]·x[n+l] for l < maxLag.
    static func autocorrelation(_ x: [Double], maxLag: Int) -> [Double] {
        var size = 1
        while size < x.count + maxLag { size <<= 1 }
        var re = x + [Double](repeating: 0, count: size - x.count)
        var im = [Double](repeating: 0, count: size)
        transform(&re, &im)
        for i in 0..<size { re[i] = re[i] * re[i] + im[i] * im[i]; im[i] = 0 }
        transform(&re, &im, inverse: true)
        return (0..<min(maxLag, size)).map { re[$0] / Double(size) }
    }
}
