import Crypto
import Foundation

/// Reads a media source front to back in bounded pieces.
final class MediaStream {
    private let handle: FileHandle?
    private let data: Data?
    private var offset = 0
    private let name: String

    init(_ media: PackageMedia) throws {
        name = media.name
        switch media.source {
        case .file(let url):
            do { handle = try FileHandle(forReadingFrom: url) } catch {
                throw PackageError.invalidInput("the media file \(media.name) cannot be opened")
            }
            data = nil
        case .data(let bytes):
            handle = nil
            data = bytes
        }
    }

    deinit { try? handle?.close() }

    /// Up to `count` bytes, or an empty Data at the end.
    func read(upTo count: Int) throws -> Data {
        if let handle {
            do { return try handle.read(upToCount: count) ?? Data() } catch {
                throw PackageError.io("cannot read the media file \(name)")
            }
        }
        guard let bytes = data, offset < bytes.count else { return Data() }
        let end = min(bytes.count, offset + count)
        defer { offset = end }
        return bytes.subdata(in: (bytes.startIndex + offset)..<(bytes.startIndex + end))
    }

    /// SHA-256 and size in one streaming pass (needed before writing: the entry name is the digest).
    static func digest(_ media: PackageMedia) throws -> (sha256: String, size: Int64) {
        if case .data(let bytes) = media.source { return (PackageDigest.sha256(bytes), Int64(bytes.count)) }
        let stream = try MediaStream(media)
        var hasher = SHA256()
        var size: Int64 = 0
        while true {
            let chunk = try stream.read(upTo: PackageDigest.readChunk)
            if chunk.isEmpty { break }
            hasher.update(data: chunk)
            size += Int64(chunk.count)
        }
        return (PackageDigest.hex(hasher.finalize()), size)
    }
}
