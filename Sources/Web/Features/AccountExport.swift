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
        /// An uploaded file, streamed from the media store.
        case media(any MediaStore, MediaKey)
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
/// account.
public enum ExportArchive {
    public static func body(_ files: [ExportFile], cleanup: @escaping @Sendable () -> Void) -> ResponseBody {
        ResponseBody { writer in
            defer { cleanup() }
            var zip = ZipStream()
            var used = Set<String>()
            for file in files {
                try await writer.write(zip.begin(uniquePath(file.path, in: &used)))
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
                case .media(let store, let key):
                    try await store.read(key, range: nil) { try await send($0) }
                }
                try await writer.write(zip.end(crc: crc.value, size: size))
            }
            try await writer.write(zip.finish())
            try await writer.finish(nil)
        }
    }

    /// Two talks with one title get `name`, `name-2`…
    static func uniquePath(_ path: String, in used: inout Set<String>) -> String {
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
