import Crypto
import Foundation

/// SHA-256 as lower-case hex: the checksums of stored files and the hashes of secrets kept in place of them.
public enum SHA256Hex {
    /// Runs on every authenticated request (session tokens), so no per-byte `String(format:)`.
    public static func digest(_ bytes: some DataProtocol) -> String {
        hex(SHA256.hash(data: bytes))
    }

    /// The digest of what `chunks` hands over, one piece at a time (a file read in chunks: never whole in memory).
    public static func digest(chunks next: () throws -> Data?) rethrows -> String {
        var hasher = SHA256()
        while let chunk = try next() { hasher.update(data: chunk) }
        return hex(hasher.finalize())
    }

    static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}

extension SHA256Hex {
    /// The digest of what `next` hands over, for a producer that awaits (each piece is stored as it is hashed).
    public static func digestAsync(chunks next: () async throws -> Data?) async rethrows -> String {
        var hasher = SHA256()
        while let chunk = try await next() { hasher.update(data: chunk) }
        return hex(hasher.finalize())
    }
}
