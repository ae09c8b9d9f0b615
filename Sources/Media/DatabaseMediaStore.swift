import CadenceCore
import Foundation
import NIOCore
import SQLKit
import Storage

/// Files kept in the database (the default with PostgreSQL): every instance on the same database reads the same
/// files, and a backup of the database holds them. Content is deduplicated per owner by SHA-256 and stored in
/// chunks of `chunkBytes`; a write is one transaction, so a file is visible whole or not at all.
public struct DatabaseMediaStore: MediaStore {
    public static let defaultChunkBytes = 256 << 10
    /// Chunks fetched per query when reading: four megabytes in memory at a time at most.
    static let chunksPerRead = 16
    /// Memory for the chunks read last (`MediaChunkCache`): a few minutes of a presentation's video.
    public static let defaultCacheBytes = 64 << 20

    let database: Database
    let chunkBytes: Int
    let quota: MediaQuota?
    let clock: any WallClock
    let cache: MediaChunkCache?

    /// - Parameter cacheBytes: memory for recently read chunks (a server's choice: `defaultCacheBytes`); 0 reads every
    ///   chunk from the database.
    public init(database: Database, chunkBytes: Int = DatabaseMediaStore.defaultChunkBytes, quota: MediaQuota? = nil,
                cacheBytes: Int = 0, clock: any WallClock = SystemClock()) {
        self.database = database
        self.chunkBytes = chunkBytes
        self.quota = quota
        self.clock = clock
        self.cache = cacheBytes > 0 ? MediaChunkCache(capacity: cacheBytes) : nil
    }

    public var label: String { "database (\(database.engine == .postgres ? "PostgreSQL" : "SQLite"))" }

    public func localPath(_ key: MediaKey) -> String? { nil }

    public func put(file: URL, as key: MediaKey, consuming: Bool) async throws -> MediaInfo {
        let info = try LocalMediaStore.checksum(of: file)
        try await checkQuota(adding: info, replacing: key)
        let chunkBytes = chunkBytes
        let now = clock.now().millisecondsSince1970
        try await database.transaction { sql in
            if try await Self.insertBlob(info, chunkBytes: chunkBytes, owner: key.ownerID, at: now, sql: sql) {
                guard let handle = FileHandle(forReadingAtPath: file.path) else { throw CocoaError(.fileReadNoSuchFile) }
                defer { try? handle.close() }
                var seq = 0
                var written: Int64 = 0
                let sha = try await SHA256Hex.digestAsync {
                    guard let chunk = try handle.read(upToCount: chunkBytes), !chunk.isEmpty else { return nil }
                    try await Self.insertChunk(chunk, seq: seq, sha256: info.sha256, owner: key.ownerID, sql: sql)
                    seq += 1
                    written += Int64(chunk.count)
                    return chunk
                }
                // The file changed while it was stored: keep nothing rather than bytes that don't match their name.
                guard sha == info.sha256, written == info.byteSize else { throw CocoaError(.fileReadCorruptFile) }
            }
            try await Self.upsertObject(key, info: info, at: now, sql: sql)
        }
        if consuming { try? FileManager.default.removeItem(at: file) }
        return info
    }

    public func put(data: Data, as key: MediaKey) async throws -> MediaInfo {
        let info = MediaInfo(byteSize: Int64(data.count), sha256: SHA256Hex.digest(data))
        try await checkQuota(adding: info, replacing: key)
        let chunkBytes = chunkBytes
        let now = clock.now().millisecondsSince1970
        try await database.transaction { sql in
            if try await Self.insertBlob(info, chunkBytes: chunkBytes, owner: key.ownerID, at: now, sql: sql) {
                for (seq, start) in stride(from: 0, to: data.count, by: chunkBytes).enumerated() {
                    let chunk = data.subdata(in: (data.startIndex + start)..<(data.startIndex + min(data.count, start + chunkBytes)))
                    try await Self.insertChunk(chunk, seq: seq, sha256: info.sha256, owner: key.ownerID, sql: sql)
                }
            }
            try await Self.upsertObject(key, info: info, at: now, sql: sql)
        }
        return info
    }

    public func info(_ key: MediaKey) async throws -> MediaInfo? {
        guard let row = try await database.sql.raw("""
            SELECT sha256, byte_size FROM media_objects WHERE owner_id = \(bind: key.ownerID.uuidString) AND name = \(bind: key.name)
            """).first() else { return nil }
        return MediaInfo(byteSize: try row.decode(column: "byte_size", as: Int64.self), sha256: try row.decode(column: "sha256", as: String.self))
    }

    public func read(_ key: MediaKey, range: ClosedRange<Int64>?, into write: (ByteBuffer) async throws -> Void) async throws {
        guard let file = try await opened(key) else { throw MediaMissing(key: key) }
        try await file.read(range: range, into: write)
    }

    /// One query for the name, the content it names and its chunking; reads then go straight to the chunks.
    public func opened(_ key: MediaKey) async throws -> OpenedMedia? {
        guard let row = try await database.sql.raw("""
            SELECT b.sha256, b.byte_size, b.chunk_bytes FROM media_objects o
            JOIN media_blobs b ON b.owner_id = o.owner_id AND b.sha256 = o.sha256
            WHERE o.owner_id = \(bind: key.ownerID.uuidString) AND o.name = \(bind: key.name)
            """).first() else { return nil }
        let info = MediaInfo(byteSize: try row.decode(column: "byte_size", as: Int64.self), sha256: try row.decode(column: "sha256", as: String.self))
        let chunkBytes = Int64(try row.decode(column: "chunk_bytes", as: Int.self))
        return OpenedMedia(info: info) { range, write in
            try await readChunks(of: key, info: info, chunkBytes: chunkBytes, range: range, into: write)
        }
    }

    private func readChunks(of key: MediaKey, info: MediaInfo, chunkBytes: Int64, range: ClosedRange<Int64>?,
                            into write: (ByteBuffer) async throws -> Void) async throws {
        let size = info.byteSize
        guard size > 0 else { return }
        let wanted = range.map { max(0, $0.lowerBound)...min(size - 1, $0.upperBound) } ?? 0...(size - 1)
        guard !wanted.isEmpty else { return }
        var seq = Int(wanted.lowerBound / chunkBytes)
        let lastSeq = Int(wanted.upperBound / chunkBytes)
        // The part of chunk `index` that falls in the wanted range.
        func part(of chunk: ByteBuffer, index: Int) -> ByteBuffer? {
            let chunkStart = Int64(index) * chunkBytes
            let from = max(wanted.lowerBound, chunkStart) - chunkStart
            let to = min(wanted.upperBound, chunkStart + Int64(chunk.readableBytes) - 1) - chunkStart
            guard to >= from else { return nil }
            return chunk.getSlice(at: chunk.readerIndex + Int(from), length: Int(to - from + 1))
        }
        func cacheKey(_ seq: Int) -> MediaChunkCache.Key {
            MediaChunkCache.Key(owner: key.ownerID, sha256: info.sha256, chunkBytes: chunkBytes, seq: seq)
        }
        while seq <= lastSeq {
            if let cached = cache?.chunk(cacheKey(seq)) {
                if let part = part(of: cached, index: seq) { try await write(part) }
                seq += 1
                continue
            }
            let upTo = min(lastSeq, seq + Self.chunksPerRead - 1)
            let rows = try await database.sql.raw("""
                SELECT seq, bytes FROM media_chunks WHERE owner_id = \(bind: key.ownerID.uuidString) AND sha256 = \(bind: info.sha256)
                AND seq >= \(bind: seq) AND seq <= \(bind: upTo) ORDER BY seq
                """).all()
            guard rows.count == upTo - seq + 1 else { throw MediaMissing(key: key) }
            for row in rows {
                let index = try row.decode(column: "seq", as: Int.self)
                let chunk = try Self.bytes(of: row, engine: database.engine)
                cache?.keep(chunk, as: cacheKey(index))
                if let part = part(of: chunk, index: index) { try await write(part) }
            }
            seq = upTo + 1
        }
    }

    /// A chunk's bytes. From PostgreSQL as the driver's own buffer (a slice of what came off the wire): decoded as
    /// `Data` and wrapped again, each megabyte was copied twice on its way out (issue 41). SQLite's rows are read as
    /// `Data`.
    static func bytes(of row: any SQLRow, engine: DatabaseEngine) throws -> ByteBuffer {
        if engine == .postgres { return try row.decode(column: "bytes", as: ByteBuffer.self) }
        return ByteBuffer(data: try row.decode(column: "bytes", as: Data.self))
    }

    public func remove(_ keys: [MediaKey]) async throws {
        for key in keys {
            try await database.transaction { sql in
                guard let row = try await sql.raw("""
                    DELETE FROM media_objects WHERE owner_id = \(bind: key.ownerID.uuidString) AND name = \(bind: key.name) RETURNING sha256
                    """).first() else { return }
                try await Self.dropBlobIfUnused(try row.decode(column: "sha256", as: String.self), owner: key.ownerID, sql: sql)
            }
        }
    }

    public func removeAll(ownerID: UUID) async throws {
        try await database.transaction { sql in
            for table in ["media_objects", "media_chunks", "media_blobs"] {
                try await sql.raw("DELETE FROM \(ident: table) WHERE owner_id = \(bind: ownerID.uuidString)").run()
            }
        }
    }

    public func keys(ownerID: UUID?) async throws -> [MediaKey] {
        let rows = try await database.sql.raw(ownerID.map {
            "SELECT owner_id, name FROM media_objects WHERE owner_id = \(bind: $0.uuidString) ORDER BY name"
        } ?? "SELECT owner_id, name FROM media_objects ORDER BY owner_id, name").all()
        return try rows.compactMap { row in
            guard let owner = UUID(uuidString: try row.decode(column: "owner_id", as: String.self)) else { return nil }
            return MediaKey(ownerID: owner, name: try row.decode(column: "name", as: String.self))
        }
    }

    // MARK: Statements

    private func checkQuota(adding info: MediaInfo, replacing key: MediaKey) async throws {
        guard let quota else { return }
        // Bytes already held under the same owner and checksum take no more room.
        guard try await !Self.blobExists(info.sha256, owner: key.ownerID, sql: database.sql) else { return }
        let row = try await database.sql.raw("SELECT CAST(COALESCE(SUM(byte_size), 0) AS BIGINT) AS used FROM media_blobs").first()
        try quota.check(used: try row?.decode(column: "used", as: Int64.self) ?? 0, adding: info.byteSize)
    }

    static func blobExists(_ sha256: String, owner: UUID, sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("""
            SELECT 1 AS present FROM media_blobs WHERE owner_id = \(bind: owner.uuidString) AND sha256 = \(bind: sha256)
            """).first() != nil
    }

    /// True when this transaction holds the new content's row and must store its chunks; false when the same bytes
    /// are kept already (or a concurrent upload of them just committed: PostgreSQL waits for it, then skips).
    static func insertBlob(_ info: MediaInfo, chunkBytes: Int, owner: UUID, at now: Int64, sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("""
            INSERT INTO media_blobs (owner_id, sha256, byte_size, chunk_bytes, created_at)
            VALUES (\(bind: owner.uuidString), \(bind: info.sha256), \(bind: info.byteSize), \(bind: chunkBytes), \(bind: now))
            ON CONFLICT (owner_id, sha256) DO NOTHING RETURNING sha256
            """).first() != nil
    }

    static func insertChunk(_ chunk: Data, seq: Int, sha256: String, owner: UUID, sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO media_chunks (owner_id, sha256, seq, bytes) VALUES (\(bind: owner.uuidString), \(bind: sha256), \(bind: seq), \(bind: chunk))
            """).run()
    }

    /// Names the content; the content it named before goes when nothing else names it.
    static func upsertObject(_ key: MediaKey, info: MediaInfo, at now: Int64, sql: any SQLDatabase) async throws {
        let previous = try await sql.raw("""
            SELECT sha256 FROM media_objects WHERE owner_id = \(bind: key.ownerID.uuidString) AND name = \(bind: key.name)
            """).first().map { try $0.decode(column: "sha256", as: String.self) }
        try await sql.raw("""
            INSERT INTO media_objects (owner_id, name, sha256, byte_size, created_at)
            VALUES (\(bind: key.ownerID.uuidString), \(bind: key.name), \(bind: info.sha256), \(bind: info.byteSize), \(bind: now))
            ON CONFLICT (owner_id, name) DO UPDATE SET sha256 = excluded.sha256, byte_size = excluded.byte_size, created_at = excluded.created_at
            """).run()
        if let previous, previous != info.sha256 { try await dropBlobIfUnused(previous, owner: key.ownerID, sql: sql) }
    }

    static func dropBlobIfUnused(_ sha256: String, owner: UUID, sql: any SQLDatabase) async throws {
        let stillUsed = try await sql.raw("""
            SELECT 1 AS used FROM media_objects WHERE owner_id = \(bind: owner.uuidString) AND sha256 = \(bind: sha256)
            """).first() != nil
        guard !stillUsed else { return }
        try await sql.raw("DELETE FROM media_chunks WHERE owner_id = \(bind: owner.uuidString) AND sha256 = \(bind: sha256)").run()
        try await sql.raw("DELETE FROM media_blobs WHERE owner_id = \(bind: owner.uuidString) AND sha256 = \(bind: sha256)").run()
    }
}
