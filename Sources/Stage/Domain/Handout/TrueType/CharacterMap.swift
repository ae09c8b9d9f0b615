/// The `cmap` subtable that maps Unicode to glyph IDs: format 12 (all planes) when the font
/// has one, else format 4 (the Basic Multilingual Plane). Look-ups read the table in place
/// (binary search), so a CJK font with tens of thousands of characters costs nothing to open.
struct CharacterMap: Sendable {
    private enum Format: Sendable {
        /// segCount and the offsets of the four parallel arrays.
        case segments(count: Int, endCodes: Int, startCodes: Int, deltas: Int, rangeOffsets: Int, tableEnd: Int)
        /// Groups of (start, end, first glyph), 12 bytes each.
        case groups(count: Int, start: Int)
    }

    private let data: FontData
    private let format: Format

    /// Maps nothing.
    static let empty = CharacterMap()

    private init() {
        data = FontData(bytes: [])
        format = .groups(count: 0, start: 0)
    }

    init(data: FontData, table: Range<Int>) throws {
        self.data = data
        let base = table.lowerBound
        let count = Int(try data.u16(base + 2, "cmap header"))
        // Preference: Unicode full repertoire (format 12), then Unicode BMP (format 4).
        var best: (rank: Int, offset: Int)?
        for index in 0..<count {
            let record = base + 4 + index * 8
            let platform = try data.u16(record, "cmap record"), encoding = try data.u16(record + 2, "cmap record")
            let offset = base + Int(try data.u32(record + 4, "cmap record"))
            guard offset < table.upperBound, let subtableFormat = try? data.u16(offset, "cmap subtable") else { continue }
            let rank: Int
            switch (platform, encoding, subtableFormat) {
            case (3, 10, 12), (0, 4, 12), (0, 6, 12): rank = 3
            case (0, _, 12): rank = 2
            case (3, 1, 4), (0, 3, 4), (0, 1, 4), (0, 0, 4): rank = 1
            default: continue
            }
            if rank > (best?.rank ?? 0) { best = (rank, offset) }
        }
        guard let best else { throw TrueTypeError.missingTable("cmap (Unicode format 4 or 12)") }
        let offset = best.offset
        if try data.u16(offset, "cmap subtable") == 12 {
            let groups = Int(try data.u32(offset + 12, "cmap format 12"))
            guard groups < 1 << 20, data.contains(offset + 16, groups * 12) else { throw TrueTypeError.outOfBounds("cmap format 12 groups") }
            format = .groups(count: groups, start: offset + 16)
        } else {
            let length = Int(try data.u16(offset + 2, "cmap format 4"))
            let segments = Int(try data.u16(offset + 6, "cmap format 4")) / 2
            let endCodes = offset + 14
            guard segments > 0, data.contains(endCodes, segments * 8 + 2) else { throw TrueTypeError.outOfBounds("cmap format 4 segments") }
            format = .segments(count: segments, endCodes: endCodes, startCodes: endCodes + segments * 2 + 2,
                               deltas: endCodes + segments * 4 + 2, rangeOffsets: endCodes + segments * 6 + 2,
                               tableEnd: min(data.count, offset + max(length, segments * 8 + 16)))
        }
    }

    /// The glyph for `scalar`, 0 (.notdef) when the font has none.
    func glyph(for scalar: UInt32) -> UInt16 {
        switch format {
        case let .groups(count, start):
            var low = 0, high = count - 1
            while low <= high {
                let middle = (low + high) / 2, group = start + middle * 12
                let first = data.u32OrZero(group), last = data.u32OrZero(group + 4)
                if scalar < first { high = middle - 1 } else if scalar > last { low = middle + 1 } else {
                    let glyph = UInt64(data.u32OrZero(group + 8)) + UInt64(scalar - first)
                    return glyph <= 0xFFFF ? UInt16(glyph) : 0
                }
            }
            return 0
        case let .segments(count, endCodes, startCodes, deltas, rangeOffsets, tableEnd):
            guard scalar <= 0xFFFF else { return 0 }
            let code = UInt16(scalar)
            var low = 0, high = count - 1
            while low < high { // first segment whose end code is >= code
                let middle = (low + high) / 2
                if data.u16OrZero(endCodes + middle * 2) < code { low = middle + 1 } else { high = middle }
            }
            let start = data.u16OrZero(startCodes + low * 2)
            guard code >= start, code <= data.u16OrZero(endCodes + low * 2) else { return 0 }
            let delta = data.u16OrZero(deltas + low * 2)
            let rangeOffset = Int(data.u16OrZero(rangeOffsets + low * 2))
            if rangeOffset == 0 { return code &+ delta }
            // The spec's pointer arithmetic: relative to this segment's own idRangeOffset entry.
            let address = rangeOffsets + low * 2 + rangeOffset + Int(code - start) * 2
            guard address + 2 <= tableEnd else { return 0 }
            let glyph = data.u16OrZero(address)
            return glyph == 0 ? 0 : glyph &+ delta
        }
    }
}
