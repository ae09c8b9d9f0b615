import Foundation
import NIOCore

/// Where a stored file lives, independent of the backend: its owner (an account, or `MediaKey.installation` for
/// files the operator adds) and a name that says which feature it belongs to, e.g. `stage/<asset>.png`. Names are
/// made from ids, never from what a person uploaded.
public struct MediaKey: Hashable, Sendable, CustomStringConvertible {
    /// The owner of files that belong to the installation rather than a person (catalogue packages).
    public static let installation = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!

    public let ownerID: UUID
    /// `<area>/<file>`: one folder level, both parts free of `/` and of leading dots.
    public let name: String

    public init(ownerID: UUID, area: String, file: String) {
        precondition(Self.isSafePart(area) && Self.isSafePart(file), "media names are made from ids: \(area)/\(file)")
        self.ownerID = ownerID
        self.name = "\(area)/\(file)"
    }

    init?(ownerID: UUID, name: String) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, Self.isSafePart(String(parts[0])), Self.isSafePart(String(parts[1])) else { return nil }
        self.ownerID = ownerID
        self.name = name
    }

    public var area: String { String(name.prefix { $0 != "/" }) }
    public var file: String { String(name.drop { $0 != "/" }.dropFirst()) }
    public var description: String { "\(ownerID.uuidString.lowercased())/\(name)" }

    static func isSafePart(_ part: String) -> Bool {
        !part.isEmpty && part.count <= 200 && !part.hasPrefix(".")
            && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
    }
}

/// What the store knows of stored bytes.
public struct MediaInfo: Sendable, Equatable {
    public var byteSize: Int64
    /// Lower-case hex SHA-256: the files' ETag, and what the database backend deduplicates by.
    public var sha256: String

    public init(byteSize: Int64, sha256: String) {
        self.byteSize = byteSize
        self.sha256 = sha256
    }
}

/// The bytes of slides, videos, songs and catalogue packages, behind one interface so that every instance of an
/// installation reads the same files: a local directory (one host, or a directory every host mounts) or the
/// database (PostgreSQL: many hosts, nothing else to share). A write is visible only once all of its bytes are
/// stored (a crash mid-write leaves nothing a reader can see).
public protocol MediaStore: Sendable {
    /// A short name for logs and `cadence media` ("directory /srv/cadence", "database").
    var label: String { get }

    /// Stores a file's bytes under `key` (replacing what was there). With `consuming`, the source file may be moved
    /// rather than copied; otherwise it is left as it was.
    @discardableResult
    func put(file: URL, as key: MediaKey, consuming: Bool) async throws -> MediaInfo

    /// Stores bytes already in memory (small generated files: SVG slides).
    @discardableResult
    func put(data: Data, as key: MediaKey) async throws -> MediaInfo

    /// Size and checksum of a stored file, nil when there is none.
    func info(_ key: MediaKey) async throws -> MediaInfo?

    /// Hands the stored bytes (all, or `range` of them) to `write` in pieces of at most about a megabyte, so a
    /// large file never sits in memory. Throws `MediaMissing` when there is no such file.
    func read(_ key: MediaKey, range: ClosedRange<Int64>?, into write: (ByteBuffer) async throws -> Void) async throws

    /// The stored file found once, with what reading it needs, nil when there is none: a server answering a Range
    /// request learns the file exists and reads it without asking the backend where it is a second time.
    func opened(_ key: MediaKey) async throws -> OpenedMedia?

    /// A path to the file on this machine when the backend keeps files there (served with the kernel's help), else nil.
    func localPath(_ key: MediaKey) -> String?

    /// Removes files; missing ones are fine (a delete may be retried).
    func remove(_ keys: [MediaKey]) async throws

    /// Removes every file an owner has (account deletion).
    func removeAll(ownerID: UUID) async throws

    /// Every stored key of an owner, or of every owner when nil (migration, backups, tests).
    func keys(ownerID: UUID?) async throws -> [MediaKey]
}

/// A stored file that was looked up: its size and checksum, and its bytes on request.
public struct OpenedMedia: Sendable {
    public let info: MediaInfo
    let reader: @Sendable (ClosedRange<Int64>?, (ByteBuffer) async throws -> Void) async throws -> Void

    public init(info: MediaInfo, reader: @escaping @Sendable (ClosedRange<Int64>?, (ByteBuffer) async throws -> Void) async throws -> Void) {
        self.info = info
        self.reader = reader
    }

    /// As `MediaStore.read`, without looking the file up again.
    public func read(range: ClosedRange<Int64>?, into write: (ByteBuffer) async throws -> Void) async throws {
        try await reader(range, write)
    }
}

/// There is no file under a key: a record whose bytes were lost (or never written).
public struct MediaMissing: Error, CustomStringConvertible {
    public let key: MediaKey
    public var description: String { "no stored file \(key)" }
}

/// The store is full (its disk, or the installation's media quota): nothing of the write was kept.
public struct MediaStoreFull: Error, CustomStringConvertible {
    public let detail: String
    public init(_ detail: String) { self.detail = detail }
    public var description: String { detail }
}

extension MediaStore {
    /// A lookup of the size, then reads by key: for backends where finding the file again costs nothing.
    public func opened(_ key: MediaKey) async throws -> OpenedMedia? {
        guard let info = try await info(key) else { return nil }
        return OpenedMedia(info: info) { range, write in try await self.read(key, range: range, into: write) }
    }

    /// The whole file in memory: for small files only (a handout's pictures).
    public func data(_ key: MediaKey) async throws -> Data {
        var data = Data()
        try await read(key, range: nil) { buffer in data.append(contentsOf: buffer.readableBytesView) }
        return data
    }

    /// Writes the stored bytes to `target` (created or replaced).
    public func copy(_ key: MediaKey, to target: URL) async throws {
        FileManager.default.createFile(atPath: target.path, contents: nil)
        let handle = try FileHandle(forWritingTo: target)
        defer { try? handle.close() }
        try await read(key, range: nil) { buffer in try handle.write(contentsOf: buffer.readableBytesView) }
    }

    /// Runs `body` with the file at a path on this machine: the stored file itself when the backend keeps one,
    /// else a temporary copy removed afterwards (ffmpeg and package writers read paths).
    public func withLocalFile<T>(_ key: MediaKey, in scratch: URL, _ body: (URL) async throws -> T) async throws -> T {
        try await withLocalFiles([key], in: scratch) { try await body($0[0]) }
    }

    /// `withLocalFile` for several files at once, in order; the copies share one folder under `scratch`.
    public func withLocalFiles<T>(_ keys: [MediaKey], in scratch: URL, _ body: ([URL]) async throws -> T) async throws -> T {
        let folder = scratch.appendingPathComponent("copies-\(UUID().uuidString.lowercased())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var urls: [URL] = []
        for (index, key) in keys.enumerated() {
            if let path = localPath(key), FileManager.default.fileExists(atPath: path) {
                urls.append(URL(fileURLWithPath: path))
            } else {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let copy = folder.appendingPathComponent("\(index)-\(key.file)")
                try await self.copy(key, to: copy)
                urls.append(copy)
            }
        }
        return try await body(urls)
    }
}
