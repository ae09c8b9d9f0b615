import CadenceCore
import Foundation
import NIOCore

/// Files in a directory: `<root>/<area>/<owner>/<file>` (the layout data directories have always had, so an existing
/// installation needs no move). For one host, or several hosts that mount the same directory. A write goes to a
/// hidden partial file that is flushed and then renamed into place, so a reader never sees half a file.
public struct LocalMediaStore: MediaStore {
    public let root: URL
    let quota: MediaQuota?

    public init(root: URL, quota: MediaQuota? = nil) {
        self.root = root
        self.quota = quota
    }

    public var label: String { "directory \(root.path)" }

    func url(_ key: MediaKey) -> URL {
        root.appendingPathComponent(key.area, isDirectory: true)
            .appendingPathComponent(key.ownerID.uuidString.lowercased(), isDirectory: true)
            .appendingPathComponent(key.file)
    }

    public func localPath(_ key: MediaKey) -> String? { url(key).path }

    public func put(file: URL, as key: MediaKey, consuming: Bool) async throws -> MediaInfo {
        let target = url(key)
        let folder = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent(".partial-\(UUID().uuidString.lowercased())")
        defer { try? FileManager.default.removeItem(at: partial) }
        let info: MediaInfo
        if consuming, (try? FileManager.default.moveItem(at: file, to: partial)) != nil {
            info = try Self.checksum(of: partial)
            try await checkQuota(adding: info.byteSize, replacing: key)
        } else {
            let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
            try await checkQuota(adding: size, replacing: key)
            info = try Self.copy(file, to: partial)
        }
        try Self.replace(target, with: partial)
        return info
    }

    public func put(data: Data, as key: MediaKey) async throws -> MediaInfo {
        try await checkQuota(adding: Int64(data.count), replacing: key)
        let target = url(key)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try data.write(to: target, options: .atomic)
        } catch {
            throw Self.translated(error)
        }
        return MediaInfo(byteSize: Int64(data.count), sha256: SHA256Hex.digest(data))
    }

    public func info(_ key: MediaKey) async throws -> MediaInfo? {
        let path = url(key)
        guard FileManager.default.fileExists(atPath: path.path) else { return nil }
        return try Self.checksum(of: path)
    }

    public func read(_ key: MediaKey, range: ClosedRange<Int64>?, into write: (ByteBuffer) async throws -> Void) async throws {
        guard let handle = FileHandle(forReadingAtPath: url(key).path) else { throw MediaMissing(key: key) }
        defer { try? handle.close() }
        var position = range?.lowerBound ?? 0
        let end = range.map { $0.upperBound + 1 } ?? Int64.max
        try handle.seek(toOffset: UInt64(position))
        while position < end {
            let want = Int(min(Int64(1 << 20), end - position))
            guard let chunk = try handle.read(upToCount: want), !chunk.isEmpty else { break }
            position += Int64(chunk.count)
            try await write(ByteBuffer(data: chunk))
        }
    }

    public func remove(_ keys: [MediaKey]) async throws {
        for key in keys { try? FileManager.default.removeItem(at: url(key)) }
    }

    public func removeAll(ownerID: UUID) async throws {
        let owner = ownerID.uuidString.lowercased()
        for area in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] where !area.hasPrefix(".") {
            let folder = root.appendingPathComponent(area).appendingPathComponent(owner)
            if FileManager.default.fileExists(atPath: folder.path) { try FileManager.default.removeItem(at: folder) }
        }
    }

    public func keys(ownerID: UUID?) async throws -> [MediaKey] {
        var keys: [MediaKey] = []
        let files = FileManager.default
        for area in (try? files.contentsOfDirectory(atPath: root.path)) ?? [] where MediaKey.isSafePart(area) {
            let areaURL = root.appendingPathComponent(area)
            for owner in (try? files.contentsOfDirectory(atPath: areaURL.path)) ?? [] {
                guard let id = UUID(uuidString: owner), ownerID == nil || ownerID == id else { continue }
                for file in (try? files.contentsOfDirectory(atPath: areaURL.appendingPathComponent(owner).path)) ?? [] {
                    if let key = MediaKey(ownerID: id, name: "\(area)/\(file)") { keys.append(key) }
                }
            }
        }
        return keys.sorted { $0.description < $1.description }
    }

    private func checkQuota(adding bytes: Int64, replacing key: MediaKey) async throws {
        guard let quota else { return }
        let existing = (try? FileManager.default.attributesOfItem(atPath: url(key).path)[.size] as? NSNumber)?.int64Value ?? 0
        var used: Int64 = 0
        for stored in try await keys(ownerID: nil) {
            used += (try? FileManager.default.attributesOfItem(atPath: url(stored).path)[.size] as? NSNumber)?.int64Value ?? 0
        }
        try quota.check(used: used - existing, adding: bytes)
    }

    /// Copies in pieces, hashing on the way, and flushes before the rename makes the file visible.
    static func copy(_ source: URL, to target: URL) throws -> MediaInfo {
        guard let input = FileHandle(forReadingAtPath: source.path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { try? input.close() }
        FileManager.default.createFile(atPath: target.path, contents: nil)
        guard let output = FileHandle(forWritingAtPath: target.path) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? output.close() }
        var size: Int64 = 0
        do {
            let sha = try SHA256Hex.digest {
                guard let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty else { return nil }
                size += Int64(chunk.count)
                try output.write(contentsOf: chunk)
                return chunk
            }
            try output.synchronize()
            return MediaInfo(byteSize: size, sha256: sha)
        } catch {
            throw translated(error)
        }
    }

    /// Size and SHA-256 of a file, read a megabyte at a time.
    /// `afterEachChunk` runs after each megabyte is read (a backup paces itself there).
    public static func checksum(of file: URL, afterEachChunk: () -> Void = {}) throws -> MediaInfo {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { try? handle.close() }
        var size: Int64 = 0
        let sha = try SHA256Hex.digest {
            guard let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty else { return nil }
            size += Int64(chunk.count)
            afterEachChunk()
            return chunk
        }
        return MediaInfo(byteSize: size, sha256: sha)
    }

    static func replace(_ target: URL, with partial: URL) throws {
        if rename(partial.path, target.path) != 0 { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path]) }
    }

    /// A full disk is the store being full, said plainly.
    static func translated(_ error: Error) -> Error {
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError)?.code ?? nsError.code
        if posix == Int(ENOSPC) || nsError.code == CocoaError.fileWriteOutOfSpace.rawValue {
            return MediaStoreFull("The disk holding the media directory is full.")
        }
        return error
    }
}
