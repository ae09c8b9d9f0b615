/// The CIDs of a CID-keyed CFF font's glyphs (Noto Sans CJK is one), read from its charset.
/// A PDF addresses the glyphs of such a font by CID, so once hb-subset has renumbered the glyphs
/// the content stream writes each glyph's CID, which the subset keeps.
///
/// Reads only what it needs of the CFF table (the Top DICT's ROS, CharStrings and charset
/// entries); every read is bounds-checked and a malformed table gives nil.
enum CFFCharset {
    /// Glyph ID → CID, or nil when the table is not a CID-keyed CFF (glyph IDs then serve as CIDs).
    static func cids(_ cff: [UInt8]) -> [UInt16]? {
        var reader = Reader(bytes: cff)
        guard cff.count > 4 else { return nil }
        reader.at = Int(cff[2]) // header size
        guard reader.skipIndex(), let topDict = reader.firstOfIndex() else { return nil } // Name INDEX, Top DICT INDEX
        let dict = topDictEntries(cff[topDict])
        guard dict[1230] != nil, let charset = dict[15], let charStrings = dict[17] else { return nil }
        var counter = Reader(bytes: cff, at: charStrings)
        guard let glyphs = counter.u16().map(Int.init), glyphs > 0 else { return nil }

        var cids: [UInt16] = [0] // .notdef
        var at = Reader(bytes: cff, at: charset)
        guard let format = at.u8() else { return nil }
        while cids.count < glyphs {
            switch format {
            case 0:
                guard let cid = at.u16() else { return nil }
                cids.append(cid)
            case 1, 2:
                guard let first = at.u16(), let left = format == 1 ? at.u8().map(UInt16.init) : at.u16() else { return nil }
                for offset in 0...Int(left) where cids.count < glyphs { cids.append(first &+ UInt16(offset)) }
            default:
                return nil
            }
        }
        return cids
    }

    /// Operator → its last operand (12 x operators as 1200 + x).
    private static func topDictEntries(_ bytes: ArraySlice<UInt8>) -> [Int: Int] {
        var entries: [Int: Int] = [:]
        var operands: [Int] = []
        var index = bytes.startIndex
        func byte(_ at: Int) -> Int { at < bytes.endIndex ? Int(bytes[at]) : 0 }
        while index < bytes.endIndex {
            let b0 = Int(bytes[index])
            switch b0 {
            case 0...21:
                let key = b0 == 12 ? 1200 + byte(index + 1) : b0
                index += b0 == 12 ? 2 : 1
                if let last = operands.last { entries[key] = last }
                operands = []
            case 28:
                operands.append(Int(Int16(bitPattern: UInt16(byte(index + 1) << 8 | byte(index + 2)))))
                index += 3
            case 29:
                operands.append(Int(Int32(bitPattern: UInt32(byte(index + 1) << 24 | byte(index + 2) << 16 | byte(index + 3) << 8 | byte(index + 4)))))
                index += 5
            case 30: // a real number: nibbles up to the 0xF end marker; its value is not needed here
                index += 1
                while index < bytes.endIndex, bytes[index] & 0x0F != 0x0F, bytes[index] >> 4 != 0x0F { index += 1 }
                index += 1
                operands.append(0)
            case 32...246:
                operands.append(b0 - 139)
                index += 1
            case 247...250:
                operands.append((b0 - 247) * 256 + byte(index + 1) + 108)
                index += 2
            case 251...254:
                operands.append(-(b0 - 251) * 256 - byte(index + 1) - 108)
                index += 2
            default:
                index += 1
            }
        }
        return entries
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func u8() -> UInt8? {
            guard at >= 0, at < bytes.count else { return nil }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func u16() -> UInt16? {
            guard let high = u8(), let low = u8() else { return nil }
            return UInt16(high) << 8 | UInt16(low)
        }

        mutating func offset(size: Int) -> Int? {
            var value = 0
            for _ in 0..<size {
                guard let byte = u8() else { return nil }
                value = value << 8 | Int(byte)
            }
            return value
        }

        /// Reads an INDEX header: its offsets and where its data starts.
        private mutating func index() -> (offsets: [Int], data: Int)? {
            guard let count = u16() else { return nil }
            if count == 0 { return ([], at - 1) }
            guard let size = u8(), (1...4).contains(size) else { return nil }
            var offsets: [Int] = []
            for _ in 0...Int(count) {
                guard let offset = offset(size: Int(size)) else { return nil }
                offsets.append(offset)
            }
            return (offsets, at - 1)
        }

        mutating func skipIndex() -> Bool {
            guard let (offsets, data) = index() else { return false }
            at = data + (offsets.last ?? 1)
            return at <= bytes.count
        }

        /// The byte range of an INDEX's first entry; moves past the INDEX.
        mutating func firstOfIndex() -> Range<Int>? {
            guard let (offsets, data) = index(), offsets.count >= 2 else { return nil }
            let range = (data + offsets[0])..<(data + offsets[1])
            at = data + offsets.last!
            guard range.lowerBound <= range.upperBound, range.upperBound <= bytes.count else { return nil }
            return range
        }
    }
}
