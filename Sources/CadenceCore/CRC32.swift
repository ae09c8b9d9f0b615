/// CRC-32 (IEEE / ISO-HDLC, as ZIP and PNG use it), eight bytes a step.
public struct CRC32 {
    public private(set) var value: UInt32 = 0

    public init() {}

    static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[0][n] = c
        }
        for n in 0..<256 {
            for k in 1..<8 { tables[k][n] = (tables[k - 1][n] >> 8) ^ tables[0][Int(tables[k - 1][n] & 0xFF)] }
        }
        return tables
    }()

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = ~value
        let t = Self.tables
        var index = 0
        let count = bytes.count
        t[0].withUnsafeBufferPointer { t0 in t[1].withUnsafeBufferPointer { t1 in t[2].withUnsafeBufferPointer { t2 in
        t[3].withUnsafeBufferPointer { t3 in t[4].withUnsafeBufferPointer { t4 in t[5].withUnsafeBufferPointer { t5 in
        t[6].withUnsafeBufferPointer { t6 in t[7].withUnsafeBufferPointer { t7 in
            while count - index >= 8 {
                let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                let high = UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8 | UInt32(bytes[index + 6]) << 16 | UInt32(bytes[index + 7]) << 24
                crc = t7[Int(low & 0xFF)] ^ t6[Int((low >> 8) & 0xFF)] ^ t5[Int((low >> 16) & 0xFF)] ^ t4[Int(low >> 24)]
                    ^ t3[Int(high & 0xFF)] ^ t2[Int((high >> 8) & 0xFF)] ^ t1[Int((high >> 16) & 0xFF)] ^ t0[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = t0[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }}}}}}}}
        value = ~crc
    }

    /// The checksum of `bytes` at once (a PNG chunk, a ZIP entry).
    public static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        var crc = CRC32()
        Array(bytes).withUnsafeBytes { crc.update($0) }
        return crc.value
    }
}
