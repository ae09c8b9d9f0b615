import Crypto
import Foundation

/// SHA-256 helpers. Streaming, so a catalogue can show the checksum of a multi-gigabyte package
/// without reading it into memory.
public enum PackageDigest {
    static let readChunk = 1 << 20

    /// Lowercase hex SHA-256 of a file, read 1 MiB at a time.
    public static func sha256(_ fileURL: URL) throws -> String {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: fileURL) } catch {
            throw PackageError.io("cannot open \(fileURL.lastPathComponent)")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: readChunk) ?? Data() } catch {
                throw PackageError.io("cannot read \(fileURL.lastPathComponent)")
            }
            if chunk.isEmpty { break }
            hasher.update(data: chunk)
        }
        return hex(hasher.finalize())
    }

    /// Lowercase hex SHA-256 of bytes in memory.
    public static func sha256(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    static func isHexDigest(_ string: String) -> Bool {
        string.utf8.count == 64 && string.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
