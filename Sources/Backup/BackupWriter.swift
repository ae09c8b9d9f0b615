import CadenceCore
import Foundation
import Media
import Storage
import ToolProcess
import ZIPFoundation

/// `cadence backup FILE`: a consistent snapshot of a running installation in one archive. SQLite is copied with
/// `VACUUM INTO` (a read transaction: the server keeps serving and writing); PostgreSQL with `pg_dump`. Media kept
/// in a directory are hard-linked into a staging folder first (files never change once written, so a link is a
/// snapshot of each), then the database is snapshotted, then files written meanwhile are linked too: every file the
/// database names is in the archive. Media kept in the database travel inside it.
public struct BackupWriter: Sendable {
    let database: Database
    let location: DatabaseLocation
    let media: any MediaStore
    let scratch: URL
    /// The installation's folder: its `https/` (Cadence's own certificate authority, `serve --https local`) goes in
    /// too, so a restored installation keeps the root its phones already trust.
    let dataDirectory: URL?
    /// How the copy shares the machine with the server (`BackupPace.gentle` unless told otherwise).
    let pace: BackupPace

    public init(database: Database, location: DatabaseLocation, media: any MediaStore, scratch: URL, dataDirectory: URL? = nil,
                pace: BackupPace = .gentle) {
        self.pace = pace
        self.database = database
        self.location = location
        self.media = media
        self.scratch = scratch
        self.dataDirectory = dataDirectory
    }

    /// The folders of the data directory that are kept besides the database and the media.
    public static let keptFolders = ["https"]

    public func write(to archiveURL: URL) async throws -> BackupManifest {
        let staging = scratch.appendingPathComponent("backup-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: staging.appendingPathComponent("database"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: staging) }
        let directory = media as? LocalMediaStore
        var linked = Set<MediaKey>()
        if let directory { try await link(directory, into: staging, skipping: &linked) }
        let databaseFile: String
        switch location {
        case .sqlite:
            databaseFile = "database/cadence.sqlite"
            let target = staging.appendingPathComponent(databaseFile).path
            try await database.sql.raw("VACUUM INTO \(bind: target)").run()
        case .postgres(let url):
            databaseFile = "database/cadence.pgdump"
            try await Self.pgDump(url: url, to: staging.appendingPathComponent(databaseFile), pace: pace)
        }
        if let directory { try await link(directory, into: staging, skipping: &linked) }
        for folder in Self.keptFolders {
            guard let source = dataDirectory?.appendingPathComponent(folder, isDirectory: true),
                  FileManager.default.fileExists(atPath: source.path) else { continue }
            let target = staging.appendingPathComponent(folder, isDirectory: true)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where !name.hasPrefix(".") {
                try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: target.appendingPathComponent(name))
            }
        }

        var files = [BackupManifest.File]()
        for path in try Self.files(under: staging) {
            let info = try LocalMediaStore.checksum(of: staging.appendingPathComponent(path), afterEachChunk: pace.tick)
            files.append(BackupManifest.File(path: path, bytes: info.byteSize, sha256: info.sha256))
        }
        let manifest = BackupManifest(createdAt: Date(), engine: database.engine.rawValue,
                                      media: directory == nil ? "database" : "directory", files: files)
        let partial = archiveURL.deletingLastPathComponent().appendingPathComponent(".\(archiveURL.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: partial)
        do {
            let archive = try Archive(url: partial, accessMode: .create)
            for file in files {
                // Stored, not deflated: media are compressed already, and a large database copies faster. Read in chunks,
                // paced.
                guard let source = FileHandle(forReadingAtPath: staging.appendingPathComponent(file.path).path) else {
                    throw BackupError("\(file.path) went missing while the backup was written")
                }
                defer { try? source.close() }
                try archive.addEntry(with: file.path, type: .file, uncompressedSize: file.bytes, compressionMethod: .none,
                                     bufferSize: 1 << 20) { position, size in
                    try source.seek(toOffset: UInt64(position))
                    let chunk = try source.read(upToCount: size) ?? Data()
                    pace.tick()
                    return chunk
                }
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            let data = try encoder.encode(manifest)
            try archive.addEntry(with: BackupManifest.entryName, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: .none) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
            try FileManager.default.moveItem(at: partial, to: archiveURL)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        return manifest
    }

    /// Hard-links (or, across file systems, copies) each media file not linked yet into `staging/media/…`.
    private func link(_ store: LocalMediaStore, into staging: URL, skipping linked: inout Set<MediaKey>) async throws {
        // The archive's media folder has the directory store's own layout, so a restore moves it into place as it is.
        let copy = LocalMediaStore(root: staging.appendingPathComponent("media", isDirectory: true))
        for key in try await store.keys(ownerID: nil) where !linked.contains(key) {
            guard let source = store.localPath(key), let target = copy.localPath(key) else { continue }
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if (try? FileManager.default.linkItem(atPath: source, toPath: target)) == nil {
                guard FileManager.default.fileExists(atPath: source) else { continue }  // deleted since it was listed
                try FileManager.default.copyItem(atPath: source, toPath: target)
            }
            linked.insert(key)
        }
    }

    static func files(under root: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let prefix = root.standardizedFileURL.path + "/"
        var paths: [String] = []
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            paths.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
        }
        return paths.sorted()
    }

    /// pg_dump's custom format, uncompressed (media are compressed already, and zlib on them was most of pg_dump's
    /// CPU), written as it comes through a paced pipe: while the pipe is full, pg_dump and the backend behind it wait.
    static func pgDump(url: String, to file: URL, pace: BackupPace) async throws {
        guard let pgDump = PostgresTools.find("pg_dump") else {
            throw BackupError("pg_dump is not installed; install the PostgreSQL client (Debian: postgresql-client) to back up PostgreSQL")
        }
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let output = FileHandle(forWritingAtPath: file.path) else {
            throw BackupError("\(file.path) cannot be written")
        }
        defer { try? output.close() }
        let result = try await ToolProcess.run(pgDump, ["--format=custom", "--compress=0", "--no-owner", "--dbname", url],
                                               stdoutSink: { bytes in
                                                   try output.write(contentsOf: Data(bytes))
                                                   pace.tick()
                                               })
        guard result.status == 0 else { throw BackupError("pg_dump failed: \(result.stderrTail())") }
    }
}
