import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Media
import PlatformService
import Server
import Schema
import StageService
import StageStorage
import Storage
import Web
import NIOCore
import StagePackage
import Testing

/// Two instances of one installation (as on two hosts) read each other's uploads: with the media in the database
/// each has a data directory of its own; with the media in a directory both mount the same one.
@Suite(.timeLimit(.minutes(5))) struct MediaAcrossInstancesTests {
    enum Layout: String, CaseIterable, CustomTestStringConvertible {
        /// `--media database`, a data directory per instance.
        case databaseSeparateDirectories
        /// `--media directory`, one directory both instances mount.
        case directoryShared
        var testDescription: String { rawValue }
    }

    /// Two servers over the same database (on PostgreSQL a database of this test's own, with two connection pools, as
    /// two hosts have: what the installation lists, such as its catalogue, is then only what this test put there).
    static func withTwoInstances(_ layout: Layout, _ body: @escaping @Sendable (TestServer, TestServer) async throws -> Void) async throws {
        let database: Database, secondDatabase: Database
        var drop: (@Sendable () async -> Void)?
        var cleanup: @Sendable () -> Void = {}
        if let url = ProcessInfo.processInfo.environment["CADENCE_TEST_POSTGRES_URL"] {
            let created = try await TestDatabase.emptyPostgresDatabase(beside: url)
            drop = created.drop
            database = try await Database.open(.postgres(url: created.url), logger: Logger(label: "test.a"))
            try await Migrator(database: database).migrate()
            secondDatabase = try await Database.open(.postgres(url: created.url), logger: Logger(label: "test.b"))
        } else {
            (database, cleanup) = try await TestDatabase.open()
            secondDatabase = database
        }
        defer { cleanup() }
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-shared-\(UUID().uuidString.lowercased())")
        let directories = layout == .directoryShared ? [shared, shared] : [shared.appendingPathExtension("a"), shared.appendingPathExtension("b")]
        defer { for directory in Set(directories) { try? FileManager.default.removeItem(at: directory) } }
        var logger = Logger(label: "test.server")
        logger.logLevel = .warning
        let clock = TestClock()
        let mailer = RecordingMailer()
        var apps: [(any ApplicationProtocol, TestServerParts)] = []
        for (index, instanceDatabase) in [database, secondDatabase].enumerated() {
            var dependencies = ServerDependencies(
                database: instanceDatabase, mailer: mailer, clock: clock, passwordHasher: PasswordHasher(cost: 4),
                publicURL: "http://cadence.test", dataDirectory: directories[index], logger: logger)
            dependencies.packageKeyCost = KDFParameters(n: 1 << 10, r: 8, p: 1)
            let backend: MediaBackend = layout == .directoryShared ? .directory : .database
            dependencies.media = backend.store(database: instanceDatabase, dataDirectory: directories[index])
            let server = try await assembleServer(dependencies)
            let app = Application(router: server.router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
            apps.append((app, TestServerParts(database: instanceDatabase, dataDirectory: directories[index], media: dependencies.media,
                                              routes: server.router.routes.map(\.description))))
        }
        let (appA, partsA) = apps[0], (appB, partsB) = apps[1]
        do {
            try await appA.test(.router) { clientA in
                try await appB.test(.router) { clientB in
                    try await body(partsA.server(clientA, clock: clock, mailer: mailer), partsB.server(clientB, clock: clock, mailer: mailer))
                }
            }
        } catch {
            try? await database.shutdown()
            if secondDatabase !== database { try? await secondDatabase.shutdown() }
            await drop?()
            throw error
        }
        try await database.shutdown()
        if secondDatabase !== database { try await secondDatabase.shutdown() }
        await drop?()
    }

    /// A catalogue package added on host A (`cadence catalogue add` into A's folder) is listed and served by B.
    @Test(arguments: Layout.allCases)
    func aCataloguePackageAddedOnOneHostIsOfferedByTheOther(_ layout: Layout) async throws {
        try await Self.withTwoInstances(layout) { a, b in
            let (owner, seriesID) = try await StagePackagesAPITests.seriesOwner(a.client)
            let data = Data(buffer: try await a.client.json(.get, "/api/v1/stage/series/\(seriesID)/package", token: owner).body)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString.prefix(8)).cadence")
            try data.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let catalogue = StageCatalogue(dataDirectory: a.dataDirectory, store: SQLStageCatalogueStore(database: a.database),
                                           logger: Logger(label: "test.catalogue"), media: a.media)
            let record = try await catalogue.add(file: file, free: true, codes: [])
            let token = try await b.client.register(email: uniqueEmail("catalogue"))
            let entry = try await StageCatalogueAPITests.entry(b.client, record.id, token: token)
            #expect(entry?["title"] as? String == "Easter week", "B lists the package added on A")
            let download = try await b.client.json(.get, "/api/v1/stage/catalogue/\(record.id)/file", token: token)
            #expect(download.status == .ok)
            #expect(Data(buffer: download.body) == data)
            let part = try await StageCatalogueAPITests.range(b.client, record.id, "bytes=0-99", token: token)
            #expect(part.status == .partialContent && part.body.readableBytes == 100)
        }
    }

    struct TestServerParts: Sendable {
        let database: Database
        let dataDirectory: URL
        let media: any MediaStore
        let routes: [String]

        func server(_ client: any TestClientProtocol, clock: TestClock, mailer: RecordingMailer) -> TestServer {
            TestServer(client: client, clock: clock, mailer: mailer, database: database, dataDirectory: dataDirectory, media: media, routes: routes)
        }
    }

    /// Bytes through B, whole and one range, and what A served.
    static func expectSame(_ path: String, token: String, a: TestServer, b: TestServer) async throws {
        let fromA = try await a.client.json(.get, path, token: token)
        let fromB = try await b.client.json(.get, path, token: token)
        #expect(fromA.status == .ok, "\(path) on A")
        #expect(fromB.status == .ok, "\(path) on B: \(fromB.text.prefix(200))")
        #expect(Data(buffer: fromB.body) == Data(buffer: fromA.body), "\(path)")
        #expect(fromB.headers[.eTag] == fromA.headers[.eTag])
        let part = try await b.client.json(.get, path, token: token, headers: [.range: "bytes=10-29"])
        #expect(part.status == .partialContent, "\(path)")
        #expect(Data(buffer: part.body) == Data(buffer: fromA.body).subdata(in: 10..<30))
        #expect(part.headers[.contentRange] == "bytes 10-29/\(fromA.body.readableBytes)")
    }

    @Test(arguments: Layout.allCases)
    func uploadsThroughOneInstanceAreReadAndDeletedThroughTheOther(_ layout: Layout) async throws {
        try await Self.withTwoInstances(layout) { a, b in
            let token = try await a.client.register(email: uniqueEmail("media"))
            // A deck: its pictures.
            let job = try await a.client.stageImport(StageImportAPITests.threePictures, query: "filename=deck.zip", token: token)
            let talkID = try #require(job["talkId"] as? String, "\(job)")
            let deck = try await b.client.stageDeck(talkID, token: token)
            #expect(deck.count == 3)
            let pictures = deck.compactMap { $0["media"] as? String }
            for picture in pictures { try await Self.expectSame(picture, token: token, a: a, b: b) }
            // A video slide inserted through A, when this machine can make one.
            var videoPath: String?
            if let video = try Self.makeVideo() {
                let inserted = try await a.client.execute(
                    uri: "/api/v1/stage/talks/\(talkID)/media", method: .post,
                    headers: [.authorization: "Bearer \(token)", .contentType: "video/mp4"], body: ByteBuffer(data: video))
                #expect(inserted.status == .created, "\(inserted.text)")
                videoPath = try #require(inserted.object["url"] as? String)
                try await Self.expectSame(videoPath!, token: token, a: a, b: b)
            }
            // A song.
            let song = try #require(try await a.client.tempoUploadRaw(TempoSongsAPITests.click120, filename: "clicks.wav", token: token)
                .array.first?["id"] as? String)
            try await Self.expectSame("/api/v1/tempo/songs/\(song)/file", token: token, a: a, b: b)

            // Deleted through B: gone through A.
            let seriesID = try #require(try await b.client.json(.get, "/api/v1/stage/talks/\(talkID)", token: token).object["seriesId"] as? String)
            #expect(try await b.client.json(.delete, "/api/v1/stage/series/\(seriesID)", token: token).status == .noContent)
            #expect(try await b.client.json(.delete, "/api/v1/tempo/songs/\(song)", token: token).status == .noContent)
            for path in pictures + [videoPath].compactMap({ $0 }) + ["/api/v1/tempo/songs/\(song)/file"] {
                #expect(try await a.client.json(.get, path, token: token).status == .notFound, "\(path)")
            }
            #expect(try await a.storedFiles("stage", token: token).isEmpty)
            #expect(try await a.storedFiles("tempo", token: token).isEmpty)
        }
    }

    /// One second of test pattern as MP4 (ffmpeg), nil where ffmpeg is not installed.
    static func makeVideo() throws -> Data? {
        guard let ffmpeg = ExecutableSearch.find("ffmpeg") else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-\(UUID().uuidString).mp4")
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-pix_fmt", "yuv420p", "-y", file.path]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? try Data(contentsOf: file) : nil
    }
}
