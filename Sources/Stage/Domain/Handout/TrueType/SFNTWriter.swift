/// Writes tables into an sfnt (TrueType) file: the table directory sorted by tag, each table
/// padded to 4 bytes with its checksum, and head.checkSumAdjustment set so the whole file
/// sums to 0xB1B0AFBA, as font validators and some rasterisers check.
enum SFNTWriter {
    static func file(tables: [String: [UInt8]]) -> [UInt8] {
        let tags = tables.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var power = 1, log = 0
        while power * 2 <= tags.count { power *= 2; log += 1 }

        var out: [UInt8] = []
        out.appendUInt32(0x0001_0000)
        out.appendUInt16(UInt16(tags.count))
        out.appendUInt16(UInt16(power * 16))
        out.appendUInt16(UInt16(log))
        out.appendUInt16(UInt16(tags.count * 16 - power * 16))

        var offset = 12 + tags.count * 16
        var headOffset: Int?
        for tag in tags {
            let table = tables[tag]!
            out.append(contentsOf: Array(tag.utf8))
            out.appendUInt32(checksum(table))
            out.appendUInt32(UInt32(offset))
            out.appendUInt32(UInt32(table.count))
            if tag == "head" { headOffset = offset }
            offset += (table.count + 3) / 4 * 4
        }
        for tag in tags {
            out.append(contentsOf: tables[tag]!)
            while out.count % 4 != 0 { out.append(0) }
        }
        if let headOffset {
            out.setUInt32(0xB1B0_AFBA &- checksum(out), at: headOffset + 8)
        }
        return out
    }

    /// The sum of the big-endian 32-bit words, the last one zero-padded.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < bytes.count {
            var word: UInt32 = 0
            for byte in 0..<4 { word = word << 8 | UInt32(index + byte < bytes.count ? bytes[index + byte] : 0) }
            sum &+= word
            index += 4
        }
        return sum
    }
}
