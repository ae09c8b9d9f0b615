import CadenceCore
import Foundation
@testable import Media
import NIOCore
import SQLKit
import Storage
import Testing

/// Both media backends behave alike: what is put is read back whole and in ranges, the same bytes are kept once
/// per owner in the database, removal is by name and by owner, and the quota refuses a write whole.
@Suite(.timeLimit(.minutes(5))) struct MediaStoreTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        /// `cachedDatabase`: the database with a chunk cache of three chunks, so reads both hit it and evict from it.
        case directory, database, cachedDatabase
        var testDescription: String { rawValue }
        var isDatabase: Bool { self != .directory }
    }

    /// A store over the engine under test; the database backend with small chunks, so ranges cross many of them.
    static func withStore(_ backend: Backend, quota: MediaQuota? = nil,
                          _ body: (any MediaStore, Database, URL) async throws -> Void) async throws {
        let (database, cleanup) = try await TestDatabase.openPrivate()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store: any MediaStore = switch backend {
        case .directory: LocalMediaStore(root: folder, quota: quota)
        case .database: DatabaseMediaStore(database: database, chunkBytes: 1000, quota: quota, cacheBytes: 0)
        case .cachedDatabase: DatabaseMediaStore(database: database, chunkBytes: 1000, quota: quota, cacheBytes: 3000)
        }
        do {
            try await body(store, database, folder)
        } catch {
            await cleanup()
            throw error
        }
        await cleanup()
    }

    static func bytes(_ count: Int, seed: UInt8 = 7) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
    }

    static func read(_ store: any MediaStore, _ key: MediaKey, _ range: ClosedRange<Int64>? = nil) async throws -> Data {
        var data = Data()
        try await store.read(key, range: range) { data.append(contentsOf: $0.readableBytesView) }
        return data
    }

    @Test(arguments: Backend.allCases)
    func whatIsPutIsReadBackWholeAndInRanges(_ backend: Backend) async throws {
        try await Self.withStore(backend) { store, _, folder in
            let owner = UUID()
            let content = Self.bytes(4321)
            let source = folder.appendingPathComponent("upload.bin")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try content.write(to: source)
            let key = MediaKey(ownerID: owner, area: "tempo", file: "\(UUID().uuidString.lowercased()).wav")
            let info = try await store.put(file: source, as: key, consuming: false)
            #expect(info == MediaInfo(byteSize: 4321, sha256: SHA256Hex.digest(content)))
            #expect(FileManager.default.fileExists(atPath: source.path), "a kept original stays")
            #expect(try await store.info(key) == info)
            #expect(try await Self.read(store, key) == content)
            for range: ClosedRange<Int64> in [0...0, 999...1000, 1500...3999, 4000...4320, 4320...9999] {
                let expected = content[Int(range.lowerBound)...Int(min(range.upperBound, 4320))]
                #expect(try await Self.read(store, key, range) == Data(expected), "\(range)")
            }
            #expect(try await store.keys(ownerID: owner) == [key])

            let moved = MediaKey(ownerID: owner, area: "stage", file: "b.png")
            try await store.put(file: source, as: moved, consuming: true)
            #expect(!FileManager.default.fileExists(atPath: source.path), "a consumed upload is gone from where it was")
            #expect(try await Self.read(store, moved) == content)

            let missing = MediaKey(ownerID: owner, area: "stage", file: "none.png")
            #expect(try await store.info(missing) == nil)
            await #expect(throws: MediaMissing.self) { try await Self.read(store, missing) }
        }
    }

    @Test(arguments: Backend.allCases)
    func removalIsByNameAndByOwnerAndSharedBytesStayWhileNamed(_ backend: Backend) async throws {
        try await Self.withStore(backend) { store, database, _ in
            let owner = UUID(), other = UUID()
            let content = Self.bytes(2500)
            let first = MediaKey(ownerID: owner, area: "stage", file: "one.png")
            let second = MediaKey(ownerID: owner, area: "stage", file: "two.png")
            let theirs = MediaKey(ownerID: other, area: "stage", file: "one.png")
            for key in [first, second, theirs] { try await store.put(data: content, as: key) }
            if backend.isDatabase {
                #expect(try await Self.count("media_blobs", owner: owner, database) == 1, "the same bytes are kept once per owner")
                #expect(try await Self.count("media_chunks", owner: owner, database) == 3)
            }
            try await store.remove([first])
            #expect(try await Self.read(store, second) == content, "the other name still reads the shared bytes")
            #expect(try await store.info(first) == nil)
            try await store.remove([first])  // a retried delete is fine
            try await store.removeAll(ownerID: owner)
            #expect(try await store.keys(ownerID: owner).isEmpty)
            if backend.isDatabase {
                for table in ["media_objects", "media_blobs", "media_chunks"] {
                    #expect(try await Self.count(table, owner: owner, database) == 0, "\(table)")
                }
            }
            #expect(try await Self.read(store, theirs) == content, "another owner's file with the same name is untouched")
        }
    }

    @Test(arguments: Backend.allCases)
    func aWritePastTheQuotaIsRefusedWholeAndKeepsNothing(_ backend: Backend) async throws {
        try await Self.withStore(backend, quota: MediaQuota(bytes: 10_000)) { store, database, _ in
            let owner = UUID()
            try await store.put(data: Self.bytes(6000), as: MediaKey(ownerID: owner, area: "tempo", file: "a.wav"))
            let tooMuch = MediaKey(ownerID: owner, area: "tempo", file: "b.wav")
            await #expect(throws: MediaStoreFull.self) { try await store.put(data: Self.bytes(6000, seed: 9), as: tooMuch) }
            #expect(try await store.info(tooMuch) == nil)
            #expect(try await store.keys(ownerID: owner).count == 1)
            // The same bytes again take no more room in the database; a directory holds a second copy.
            if backend.isDatabase {
                try await store.put(data: Self.bytes(6000), as: MediaKey(ownerID: owner, area: "tempo", file: "c.wav"))
            }
        }
    }

    /// `cadence media migrate`: every file reaches the database, a second run (after a stop) copies only what is missing
    /// or differs, and the directory is left as it was.
    @Test func aDirectoryMovesIntoTheDatabaseResumablyAndVerified() async throws {
        try await Self.withStore(.database) { database, _, folder in
            let directory = LocalMediaStore(root: folder)
            let owner = UUID()
            let keys = (0..<3).map { MediaKey(ownerID: owner, area: "stage", file: "\($0).png") }
            for (index, key) in keys.enumerated() { try await directory.put(data: Self.bytes(1500 + index, seed: UInt8(index)), as: key) }
            // A first run that stopped after one file, and a file damaged on the way.
            try await database.put(data: Self.bytes(1500, seed: 0), as: keys[0])
            try await database.put(data: Self.bytes(10), as: keys[1])
            let copier = MediaCopier(from: directory, to: database, scratch: folder.appendingPathComponent("work"))
            let report = try await copier.run()
            #expect(report.copied == 2 && report.alreadyThere == 1 && report.failed.isEmpty, "\(report)")
            for (index, key) in keys.enumerated() {
                #expect(try await Self.read(database, key) == Self.bytes(1500 + index, seed: UInt8(index)))
            }
            let again = try await copier.run()
            #expect(again.copied == 0 && again.alreadyThere == 3, "\(again)")
            #expect(try await directory.keys(ownerID: owner) == keys, "the source is left in place")
        }
    }

    /// A file read again comes from the cache, not the database: with its chunks gone from the table (as no real
    /// store ever loses them) the cached store still reads what it read last, the uncached one cannot. A file that
    /// was removed is never read from the cache.
    @Test func aFileReadAgainComesFromTheCacheButARemovedOneIsGone() async throws {
        let (database, cleanup) = try await TestDatabase.openPrivate()
        do {
            let cached = DatabaseMediaStore(database: database, chunkBytes: 1000, cacheBytes: 10_000)
            let uncached = DatabaseMediaStore(database: database, chunkBytes: 1000, cacheBytes: 0)
            let owner = UUID()
            let content = Self.bytes(4500)
            let key = MediaKey(ownerID: owner, area: "stage", file: "video.mp4")
            try await cached.put(data: content, as: key)
            #expect(try await Self.read(cached, key, 1500...3999) == content[1500...3999])
            try await database.sql.raw("DELETE FROM media_chunks WHERE owner_id = \(bind: owner.uuidString) AND seq IN (1, 2, 3)").run()
            #expect(try await Self.read(cached, key, 1200...3500) == content[1200...3500], "chunks 1–3 were read before")
            await #expect(throws: MediaMissing.self) { try await Self.read(uncached, key, 1200...3500) }
            await #expect(throws: MediaMissing.self, "chunk 4 was never read") { try await Self.read(cached, key) }
            try await cached.remove([key])
            await #expect(throws: MediaMissing.self) { try await Self.read(cached, key, 1500...2500) }
            #expect(try await cached.opened(key) == nil)
        } catch {
            await cleanup()
            throw error
        }
        await cleanup()
    }

    /// The cache holds at most its capacity, the chunk read least recently going first; a chunk larger than the
    /// whole cache is not kept.
    @Test func theCacheKeepsTheChunksReadLastWithinItsCapacity() {
        let cache = MediaChunkCache(capacity: 3000)
        func key(_ seq: Int) -> MediaChunkCache.Key { .init(owner: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!, sha256: "ab", chunkBytes: 1000, seq: seq) }
        func chunk(_ byte: UInt8, _ count: Int = 1000) -> ByteBuffer { ByteBuffer(bytes: [UInt8](repeating: byte, count: count)) }
        for seq in 0..<3 { cache.keep(chunk(UInt8(seq)), as: key(seq)) }
        #expect(cache.storedBytes == 3000)
        #expect(cache.chunk(key(0)) == chunk(0))  // read again: now the most recent
        cache.keep(chunk(3), as: key(3))
        #expect(cache.storedBytes == 3000)
        #expect(cache.chunk(key(1)) == nil, "the least recently read went")
        #expect(cache.chunk(key(0)) == chunk(0) && cache.chunk(key(2)) == chunk(2) && cache.chunk(key(3)) == chunk(3))
        cache.keep(chunk(9, 3001), as: key(9))
        #expect(cache.chunk(key(9)) == nil && cache.storedBytes == 3000, "too large to keep")
        cache.keep(chunk(7, 2500), as: key(7))
        #expect(cache.storedBytes <= 3000 && cache.chunk(key(7)) == chunk(7, 2500))
    }

    static func count(_ table: String, owner: UUID, _ database: Database) async throws -> Int {
        try await database.sql.raw("SELECT COUNT(*) AS n FROM \(ident: table) WHERE owner_id = \(bind: owner.uuidString)")
            .first()?.decode(column: "n", as: Int.self) ?? -1
    }
}

/// The media store full, through the API: an upload past the installation's quota is a 507 naming the quota, and
/// leaves no song and no file behind; what fits is still taken.
@Suite(.timeLimit(.minutes(5))) struct MediaQuotaAPITests {
    @Test func anUploadPastTheQuotaIsA507AndKeepsNothing() async throws {
        try await withTestServer(configure: { dependencies in
            dependencies.media = LocalMediaStore(root: dependencies.dataDirectory, quota: MediaQuota(bytes: 600_000))
        }) { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("quota"))
            let first = try await client.tempoUploadRaw(TempoSongsAPITests.click120, filename: "fits.wav", token: token)
            #expect(first.status == .created, "\(first.text)")
            let second = try await client.tempoUploadRaw(TempoSongsAPITests.click120, filename: "too-much.wav", token: token)
            #expect(second.status.code == 507, "\(second.status) \(second.text)")
            #expect(second.errorCode == "storage_full")
            #expect(second.errorMessage?.contains("quota") == true, "\(second.text)")
            let titles = try await client.json(.get, "/api/v1/tempo/songs", token: token).array.compactMap { $0["title"] as? String }
            #expect(titles == ["fits"])
            #expect(try await server.storedFiles("tempo", token: token).count == 1)
        }
    }
}
