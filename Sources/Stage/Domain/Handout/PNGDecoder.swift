/// Turns a PNG that PDF cannot take as-is (alpha, palette, 16-bit, low bit depths,
/// interlaced) into plain 8-bit gray or RGB pixels, with transparency flattened onto white
/// paper. A soft mask would keep the alpha, but a handout is printed on white anyway.
enum PNGDecoder {
    struct Pixels {
        var width: Int
        var height: Int
        /// 1 (gray) or 3 (RGB).
        var colors: Int
        var samples: [UInt8]
    }

    /// Adam7 passes: x start, y start, x step, y step.
    private static let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    static func decode(_ png: PNGFile) -> Pixels? {
        let channels = png.channels
        let bitsPerPixel = channels * png.bitDepth
        let step = max(1, bitsPerPixel / 8) // filter distance in bytes
        let colors = (png.colorType == 0 || png.colorType == 4) ? 1 : 3
        let passes = png.interlaced ? adam7 : [(0, 0, 1, 1)]
        var expected = 0
        for (x0, y0, dx, dy) in passes {
            let w = (png.width - x0 + dx - 1) / dx, h = (png.height - y0 + dy - 1) / dy
            if w > 0 && h > 0 { expected += h * (1 + (w * bitsPerPixel + 7) / 8) }
        }
        guard let raw = try? Zlib.inflate(png.idat, limit: expected + 1024), raw.count >= expected else { return nil }

        var out = [UInt8](repeating: 255, count: png.width * png.height * colors)
        var offset = 0
        for (x0, y0, dx, dy) in passes {
            let passWidth = (png.width - x0 + dx - 1) / dx, passHeight = (png.height - y0 + dy - 1) / dy
            guard passWidth > 0, passHeight > 0 else { continue }
            let rowBytes = (passWidth * bitsPerPixel + 7) / 8
            var prior = [UInt8](repeating: 0, count: rowBytes)
            for row in 0..<passHeight {
                let filter = raw[offset]
                var line = Array(raw[offset + 1..<offset + 1 + rowBytes])
                offset += 1 + rowBytes
                guard unfilter(&line, prior: prior, type: filter, step: step) else { return nil }
                for column in 0..<passWidth {
                    let target = ((y0 + row * dy) * png.width + x0 + column * dx) * colors
                    write(pixel: column, of: line, png: png, into: &out, at: target)
                }
                prior = line
            }
        }
        return Pixels(width: png.width, height: png.height, colors: colors, samples: out)
    }

    /// Reverses PNG's per-row filter in place (None, Sub, Up, Average, Paeth).
    private static func unfilter(_ line: inout [UInt8], prior: [UInt8], type: UInt8, step: Int) -> Bool {
        switch type {
        case 0: break
        case 1: for i in step..<max(step, line.count) { line[i] &+= line[i - step] }
        case 2: for i in 0..<line.count { line[i] &+= prior[i] }
        case 3:
            for i in 0..<line.count {
                let left = i >= step ? Int(line[i - step]) : 0
                line[i] &+= UInt8((left + Int(prior[i])) / 2)
            }
        case 4:
            for i in 0..<line.count {
                let a = i >= step ? Int(line[i - step]) : 0, b = Int(prior[i]), c = i >= step ? Int(prior[i - step]) : 0
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                line[i] &+= UInt8(pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
            }
        default: return false
        }
        return true
    }

    /// Reads sample `index` of a row as 8 bits (16-bit keeps the high byte; 1/2/4-bit gray is
    /// scaled up; palette indices are returned unscaled).
    private static func sample(_ line: [UInt8], _ index: Int, depth: Int, scale: Bool) -> Int {
        switch depth {
        case 8: return Int(line[index])
        case 16: return Int(line[index * 2])
        default:
            let bit = index * depth
            let value = Int(line[bit / 8]) >> (8 - depth - bit % 8) & ((1 << depth) - 1)
            return scale ? value * 255 / ((1 << depth) - 1) : value
        }
    }

    private static func write(pixel column: Int, of line: [UInt8], png: PNGFile, into out: inout [UInt8], at target: Int) {
        let channels = png.channels, depth = png.bitDepth
        let first = column * channels
        var values: [Int]
        var alpha = 255
        switch png.colorType {
        case 3:
            let index = sample(line, first, depth: depth, scale: false)
            guard index * 3 + 2 < png.palette.count else { return } // out of range stays white
            values = [Int(png.palette[index * 3]), Int(png.palette[index * 3 + 1]), Int(png.palette[index * 3 + 2])]
            if index < png.transparency.count { alpha = Int(png.transparency[index]) }
        case 4, 6:
            values = (0..<channels - 1).map { sample(line, first + $0, depth: depth, scale: true) }
            alpha = sample(line, first + channels - 1, depth: depth, scale: true)
        default:
            values = (0..<channels).map { sample(line, first + $0, depth: depth, scale: true) }
        }
        for (k, value) in values.enumerated() {
            out[target + k] = UInt8((value * alpha + 255 * (255 - alpha)) / 255)
        }
    }
}
