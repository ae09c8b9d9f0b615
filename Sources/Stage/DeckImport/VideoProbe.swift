import Foundation

/// Checks that a video entry really is an MP4 (ISO base media) or WebM file and reads
/// what the slide needs: the kind and, for MP4, the length from the movie header
/// (`moov/mvhd`), so the presenter can show "Video 1:23" before the file is opened.
enum VideoProbe {
    struct Info: Equatable {
        let type: String  // "mp4" or "webm"
        let durationMs: Int64?
    }

    static let extensions = ["mp4", "m4v", "webm"]

    static func probe(file url: URL) throws -> Info {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        let head = [UInt8](try handle.read(upToCount: 64) ?? Data())
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]), Data(head).range(of: Data("webm".utf8)) != nil {
            return Info(type: "webm", durationMs: nil)
        }
        guard head.count >= 8, String(decoding: head[4..<8], as: UTF8.self) == "ftyp" else {
            throw DeckImportError(.undecodableImage, "is not an MP4 or WebM video")
        }
        return Info(type: "mp4", durationMs: try movieDuration(handle, size: size))
    }

    /// Walks the top-level boxes to `moov`, then its children to `mvhd`.
    private static func movieDuration(_ handle: FileHandle, size: UInt64) throws -> Int64? {
        guard let moov = try findBox("moov", in: handle, from: 0, to: size) else { return nil }
        guard let mvhd = try findBox("mvhd", in: handle, from: moov.contentStart, to: moov.end) else { return nil }
        try handle.seek(toOffset: mvhd.contentStart)
        let body = [UInt8](try handle.read(upToCount: 32) ?? Data())
        guard body.count >= 20 else { return nil }
        let version = body[0]
        func be(_ offset: Int, _ count: Int) -> UInt64 { body[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) } }
        let (timescale, duration): (UInt64, UInt64) = version == 1 && body.count >= 32
            ? (be(20, 4), be(24, 8)) : (be(12, 4), be(16, 4))
        guard timescale > 0 else { return nil }
        return Int64(duration * 1000 / timescale)
    }

    private struct Box {
        let contentStart: UInt64
        let end: UInt64
    }

    private static func findBox(_ type: String, in handle: FileHandle, from start: UInt64, to end: UInt64) throws -> Box? {
        var offset = start
        // A bounded walk: a damaged file cannot send us round in circles.
        for _ in 0..<10_000 where offset + 8 <= end {
            try handle.seek(toOffset: offset)
            let header = [UInt8](try handle.read(upToCount: 16) ?? Data())
            guard header.count >= 8 else { return nil }
            var boxSize = header[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            var headerSize: UInt64 = 8
            if boxSize == 1, header.count >= 16 {
                boxSize = header[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                headerSize = 16
            } else if boxSize == 0 {
                boxSize = end - offset
            }
            guard boxSize >= headerSize, offset + boxSize <= end else { return nil }
            if String(decoding: header[4..<8], as: UTF8.self) == type {
                return Box(contentStart: offset + headerSize, end: offset + boxSize)
            }
            offset += boxSize
        }
        return nil
    }
}
