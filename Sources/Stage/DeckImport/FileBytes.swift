import Foundation
import ZIPFoundation

/// Small helpers for sniffing raw bytes without loading whole files.
enum FileBytes {
    static func head(of url: URL, count: Int) throws -> [UInt8] {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return Array(try handle.read(upToCount: count) ?? Data())
        } catch {
            throw DeckImportError(.corrupt, "The uploaded file could not be read; upload it again.", key: "stage.error.import.unreadable_upload")
        }
    }

    static func tail(of url: URL, count: Int) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size > UInt64(count) ? size - UInt64(count) : 0)
        return Array(try handle.readToEnd() ?? Data())
    }

    static func range(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        outer: for start in 0...(haystack.count - needle.count) {
            for k in 0..<needle.count where haystack[start + k] != needle[k] { continue outer }
            return start
        }
        return nil
    }

    /// Streams the file in chunks (with overlap) so large legacy files are not read into memory at once.
    static func file(_ url: URL, contains needle: [UInt8]) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var carry: [UInt8] = []
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            let window = carry + Array(chunk)
            if range(of: needle, in: window) != nil { return true }
            carry = Array(window.suffix(needle.count - 1))
        }
        return false
    }
}
