import CadenceCore
import Foundation
import Hummingbird
import Media
import NIOCore

/// One file of a person's data export ("Export my data"), by its path inside the ZIP.
public struct ExportFile: Sendable {
    public enum Content: Sendable {
        case data(Data)
        /// A file made for the export (a Stage package) in the export's scratch folder.
        case file(URL)
        /// An uploaded file of `bytes`, streamed from the media store.
        case media(any MediaStore, MediaKey, bytes: Int64)
    }

    public let path: String
    public let content: Content

    public init(_ path: String, _ content: Content) {
        self.path = path
        self.content = content
    }

    /// A name part safe in any file system and readable: letters and digits of `title`, else `fallback`.
    public static func safeName(_ title: String, fallback: String) -> String {
        let kept = title.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "-" }.joined()
        let name = kept.split(separator: "-").joined(separator: "-").prefix(60)
        return name.isEmpty ? fallback : String(name)
    }
}

/// What a feature contributes to a person's export: its files, and a paragraph of the README saying what they are.
public protocol AccountExporting: Sendable {
    var exportReadme: String { get }
    func exportFiles(accountID: UUID, scratch: URL) async throws -> [ExportFile]
}

/// Streams export files as one ZIP: a file at a time, a megabyte at a time, so memory stays flat however large the
/// account. Its length is known before the first byte (the layout is laid out once without the data), so the
/// browser shows the download's progress and time left.
public enum ExportArchive {
    public static func body(_ files: [ExportFile], cleanup: @escaping @Sendable () -> Void) throws -> ResponseBody {
        let paths = uniquePaths(files.map(\.path))
        let length = try length(of: files, paths: paths)
        return ResponseBody(contentLength: length) { writer in
            defer { cleanup() }
            var archive = ZipStream()
            for (file, path) in zip(files, paths) {
                try await writer.write(archive.begin(path))
                var crc = CRC32()
                var size: UInt64 = 0
                func send(_ buffer: ByteBuffer) async throws {
                    crc.update(buffer)
                    size += UInt64(buffer.readableBytes)
                    try await writer.write(buffer)
                }
                switch file.content {
                case .data(let data):
                    try await send(ByteBuffer(data: data))
                case .file(let url):
                    let handle = try FileHandle(forReadingFrom: url)
                    defer { try? handle.close() }
                    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { try await send(ByteBuffer(data: chunk)) }
                case .media(let store, let key, _):
                    try await store.read(key, range: nil) { try await send($0) }
                }
                try await writer.write(archive.end(crc: crc.value, size: size))
            }
            try await writer.write(archive.finish())
            try await writer.finish(nil)
        }
    }

    /// The archive's size in bytes: the same headers, descriptors and directory, with each file's known size.
    static func length(of files: [ExportFile], paths: [String]) throws -> Int {
        var layout = ZipStream()
        var total = 0
        for (file, path) in zip(files, paths) {
            let size: Int64 = switch file.content {
            case .data(let data): Int64(data.count)
            case .file(let url): (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
            case .media(_, _, let bytes): bytes
            }
            total += layout.begin(path).readableBytes + Int(size) + layout.end(crc: 0, size: UInt64(size)).readableBytes
        }
        return total + layout.finish().readableBytes
    }

    /// Two talks with one title get `name`, `name-2`…
    static func uniquePaths(_ paths: [String]) -> [String] {
        var used = Set<String>()
        return paths.map { path in
            var candidate = path
            var number = 2
            while used.contains(candidate) {
                let ext = (path as NSString).pathExtension
                let stem = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
                candidate = ext.isEmpty ? "\(stem)-\(number)" : "\(stem)-\(number).\(ext)"
                number += 1
            }
            used.insert(candidate)
            return candidate
        }
    }
}
