/// Big-endian reads from a font file's bytes, each checked against the end of the file.
struct FontData: Sendable {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    func u8(_ offset: Int, _ what: String) throws -> UInt8 {
        guard offset >= 0, offset < bytes.count else { throw TrueTypeError.outOfBounds(what) }
        return bytes[offset]
    }

    func u16(_ offset: Int, _ what: String) throws -> UInt16 {
        guard offset >= 0, offset <= bytes.count - 2 else { throw TrueTypeError.outOfBounds(what) }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func i16(_ offset: Int, _ what: String) throws -> Int16 { Int16(bitPattern: try u16(offset, what)) }

    func u32(_ offset: Int, _ what: String) throws -> UInt32 {
        guard offset >= 0, offset <= bytes.count - 4 else { throw TrueTypeError.outOfBounds(what) }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// True when `length` bytes from `offset` lie inside the file.
    func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    /// Non-throwing reads for hot lookups whose ranges were validated when the font was opened;
    /// out of range they answer 0, which callers treat as "no glyph".
    func u16OrZero(_ offset: Int) -> UInt16 { (try? u16(offset, "")) ?? 0 }
    func u32OrZero(_ offset: Int) -> UInt32 { (try? u32(offset, "")) ?? 0 }
}
