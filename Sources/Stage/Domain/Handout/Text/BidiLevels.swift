import _FoundationICU

/// The Unicode bidirectional algorithm (UAX #9) as ICU runs it for browsers and LibreOffice:
/// an embedding level for every UTF-16 unit of a paragraph (even: left to right, odd: right to
/// left) and the order in which runs of levels are drawn. ICU is the one Foundation carries
/// (its functions are renamed with a `swift_` prefix there).
enum BidiLevels {
    /// The levels of `units` and whether the paragraph reads right to left (its first strong
    /// character is Hebrew or Arabic). Text without right-to-left characters skips ICU.
    static func resolve(_ units: [UInt16]) -> (levels: [UInt8], rightToLeft: Bool) {
        guard units.contains(where: mayBeRightToLeft) else { return (Array(repeating: 0, count: units.count), false) }
        var status = U_ZERO_ERROR
        guard let bidi = swift_ubidi_openSized(Int32(units.count), 0, &status) else { return (Array(repeating: 0, count: units.count), false) }
        defer { swift_ubidi_close(bidi) }
        swift_ubidi_setPara(bidi, units, Int32(units.count), UBiDiLevel(UBIDI_DEFAULT_LTR), nil, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, let levels = swift_ubidi_getLevels(bidi, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return (Array(repeating: 0, count: units.count), false)
        }
        return (Array(UnsafeBufferPointer(start: levels, count: units.count)), swift_ubidi_getParaLevel(bidi) % 2 == 1)
    }

    /// Drawing order of runs with these levels, left to right (rule L2): indexes into `levels`.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        guard levels.contains(where: { $0 > 0 }) else { return Array(levels.indices) }
        var map = [Int32](repeating: 0, count: levels.count)
        swift_ubidi_reorderVisual(levels, Int32(levels.count), &map)
        return map.map(Int.init)
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms, explicit direction
    /// marks, and any surrogate (the supplementary planes hold more right-to-left scripts).
    private static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200F, 0x202B, 0x202E, 0x2067, 0xD800...0xDFFF: true
        default: false
        }
    }
}
