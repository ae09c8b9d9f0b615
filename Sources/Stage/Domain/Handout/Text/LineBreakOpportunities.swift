import _FoundationICU

/// Where a line may end, by the Unicode line breaking algorithm (UAX #14) as ICU applies it:
/// after spaces, between Chinese and Japanese characters (never before "。" or after "「"),
/// and inside Thai, Lao, Khmer and Myanmar words by ICU's dictionaries, since those scripts
/// write no spaces between words.
enum LineBreakOpportunities {
    /// Offsets (UTF-16 units, ascending, the last one `units.count`) after which a line may end.
    static func positions(_ units: [UInt16]) -> [Int] {
        guard !units.isEmpty else { return [] }
        var status = U_ZERO_ERROR
        guard let iterator = swift_ubrk_open(UBRK_LINE, "", units, Int32(units.count), &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return spacesOnly(units)
        }
        defer { swift_ubrk_close(iterator) }
        var out: [Int] = []
        var position = swift_ubrk_next(iterator)
        while position != UBRK_DONE {
            out.append(Int(position))
            position = swift_ubrk_next(iterator)
        }
        if out.last != units.count { out.append(units.count) }
        return out
    }

    /// After each space: what is left when ICU cannot open its rules.
    private static func spacesOnly(_ units: [UInt16]) -> [Int] {
        units.indices.filter { units[$0] == 0x20 }.map { $0 + 1 }.filter { $0 < units.count } + [units.count]
    }
}
