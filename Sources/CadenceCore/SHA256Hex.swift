import Crypto
import Foundation

/// SHA-256 as lower-case hex: the checksums of stored files and the hashes of secrets kept in place of them.
public enum SHA256Hex {
    /// Runs on every authenticated request (session tokens), so no per-byte `String(format:)`.
    public static func digest(_ bytes: some DataProtocol) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
