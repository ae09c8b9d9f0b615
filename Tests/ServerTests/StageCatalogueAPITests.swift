import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Server
import StageService
import StageStorage
import Storage
import Testing

/// The Stage catalogue (S8): packages the operator offers, free or behind activation codes,
/// downloaded with HTTP Range and installed against their catalogue entry.
@Suite(.timeLimit(.minutes(5))) struct StageCatalogueAPITests {
    /// A package exported through the API, put into the server's catalogue folder as the CLI does.
    static func offer(_ server: TestServer, free: Bool = false, codes: [String] = []) async throws -> (record: CatalogueRecord, data: Data) {
        let (owner, seriesID) = try await StagePackagesAPITests.seriesOwner(server.client)
        let data = Data(buffer: try await server.client.json(.get, "/api/v1/stage/series/\(seriesID)/package", token: owner).body)
        // Unique names: on PostgreSQL the tests share one database.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("easter-\(UUID().uuidString.prefix(8)).cadence")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let record = try await catalogue(server).add(file: file, free: free, codes: codes)
        return (record, data)
    }

    static func catalogue(_ server: TestServer) -> StageCatalogue {
        StageCatalogue(dataDirectory: server.dataDirectory, store: SQLStageCatalogueStore(database: server.database),
                       logger: Logger(label: "test.catalogue"))
    }

    static func code() -> String { "CODE-\(UUID().uuidString.prefix(8))" }

    static func entry(_ client: some TestClientProtocol, _ id: String, token: String) async throws -> [String: Any]? {
        let list = try await client.json(.get, "/api/v1/stage/catalogue", token: token).object
        return (list["entries"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    static func range(_ client: some TestClientProtocol, _ id: String, _ range: String?, token: String) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if let range { headers[.range] = range }
        return try await client.execute(uri: "/api/v1/stage/catalogue/\(id)/file", method: .get, headers: headers, body: nil)
    }

    @Test func theListShowsSizesFreeSpaceAndLocks() async throws {
        try await withTestServer { server in
            let client = server.client
            let free = try await Self.offer(server, free: true)
            let locked = try await Self.offer(server, codes: [Self.code()])
            let token = try await client.register(email: uniqueEmail("catalogue"))
            let list = try await client.json(.get, "/api/v1/stage/catalogue", token: token)
            #expect(list.status == .ok, "\(list.text)")
            #expect((list.object["freeBytes"] as? Int ?? 0) > 0)
            let entries = try #require(list.object["entries"] as? [[String: Any]])
            #expect(entries.count == 2)
            let first = try #require(try await Self.entry(client, free.record.id, token: token))
            #expect(first["title"] as? String == "Easter week")
            #expect(first["bytes"] as? Int == free.data.count)
            #expect(first["sha256"] as? String == free.record.sha256)
            #expect(first["locked"] as? Bool == false)
            #expect(first["installed"] as? Bool == false)
            #expect(first["passwordProtected"] as? Bool == false)
            #expect(try await Self.entry(client, locked.record.id, token: token)?["locked"] as? Bool == true)
            let byAvailability = try await client.json(.get, "/api/v1/stage/catalogue?sort=availability", token: token).object
            #expect((byAvailability["entries"] as? [[String: Any]])?.first?["locked"] as? Bool == false)
            #expect(try await client.json(.get, "/api/v1/stage/catalogue?sort=size", token: token).errorField == "sort")
            #expect(try await client.json(.get, "/api/v1/stage/catalogue").status == .unauthorized)
        }
    }

    @Test func anActivationCodeUnlocksForOneAccount() async throws {
        try await withTestServer { server in
            let client = server.client
            let code = Self.code()
            let offered = try await Self.offer(server, codes: [code])
            let token = try await client.register(email: uniqueEmail("catalogue"))
            #expect(try await Self.range(client, offered.record.id, "bytes=0-9", token: token).status == .forbidden)

            let wrong = try await client.json(.post, "/api/v1/stage/catalogue/activate", body: #"{"code": "NOPE-NOPE-NOPE"}"#, token: token)
            #expect(wrong.status == .badRequest)
            #expect(wrong.errorField == "code")
            #expect(try await client.json(.post, "/api/v1/stage/catalogue/activate", body: #"{"code": " "}"#, token: token).errorField == "code")
            // Typed loosely: lower case and spaces are the same code.
            let loose = code.lowercased().replacingOccurrences(of: "-", with: " ")
            let right = try await client.json(.post, "/api/v1/stage/catalogue/activate", body: #"{"code": "\#(loose)"}"#, token: token)
            #expect(right.status == .ok, "\(right.text)")
            #expect((right.object["unlocked"] as? [[String: Any]])?.map { $0["id"] as? String } == [offered.record.id])
            #expect(try await Self.entry(client, offered.record.id, token: token)?["locked"] as? Bool == false)
            // Entering it again is fine; another account cannot reuse it.
            #expect(try await client.json(.post, "/api/v1/stage/catalogue/activate", body: #"{"code": "\#(code)"}"#, token: token).status == .ok)
            let other = try await client.register(email: uniqueEmail("catalogue"))
            let reused = try await client.json(.post, "/api/v1/stage/catalogue/activate", body: #"{"code": "\#(code)"}"#, token: other)
            #expect(reused.errorField == "code")
            #expect(reused.errorMessage?.contains("another account") == true, "\(reused.text)")
            #expect(try await Self.entry(client, offered.record.id, token: other)?["locked"] as? Bool == true)
        }
    }

    @Test func guessingCodesIsThrottled() async throws {
        try await withTestServer { server in
            let client = server.client
            let code = Self.code()
            _ = try await Self.offer(server, codes: [code])
            let token = try await client.register(email: uniqueEmail("catalogue"))
            for attempt in 0..<10 {
                let wrong = try await client.json(.post, "/api/v1/stage/catalogue/activate", body: #"{"code": "WRONG\#(attempt)XYZW"}"#, token: token)
                #expect(wrong.status == .badRequest)
            }
            let blocked = try await client.json(.post, "/api/v1/stage/catalogue/activate", body: #"{"code": "\#(code)"}"#, token: token)
            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.headers[.retryAfter] != nil)
            server.clock.advance(by: 16 * 60)
            #expect(try await client.json(.post, "/api/v1/stage/catalogue/activate", body: #"{"code": "\#(code)"}"#, token: token).status == .ok)
        }
    }

    @Test func theFileDownloadsInRanges() async throws {
        try await withTestServer { server in
            let client = server.client
            let offered = try await Self.offer(server, free: true)
            let token = try await client.register(email: uniqueEmail("catalogue"))
            let part = try await Self.range(client, offered.record.id, "bytes=10-109", token: token)
            #expect(part.status == .partialContent)
            #expect(Data(buffer: part.body) == offered.data[10...109])
            #expect(part.headers[.contentRange] == "bytes 10-109/\(offered.data.count)")
            #expect(part.headers[.eTag] == "\"\(offered.record.sha256)\"")
            let rest = try await Self.range(client, offered.record.id, "bytes=110-", token: token)
            #expect(Data(buffer: part.body) + Data(buffer: rest.body) == offered.data[10...])
            let whole = try await Self.range(client, offered.record.id, nil, token: token)
            #expect(whole.status == .ok)
            #expect(Data(buffer: whole.body) == offered.data)
            let past = try await Self.range(client, offered.record.id, "bytes=\(offered.data.count)-", token: token)
            #expect(past.status == .rangeNotSatisfiable)
            #expect(past.headers[.contentRange] == "bytes */\(offered.data.count)")
            #expect(try await Self.range(client, "0123456789abcdef", "bytes=0-9", token: token).status == .notFound)
        }
    }

    @Test func anInstallFromTheCatalogueIsRecordedAndChecked() async throws {
        try await withTestServer { server in
            let client = server.client
            let offered = try await Self.offer(server, free: true)
            let locked = try await Self.offer(server, codes: [Self.code()])
            let token = try await client.register(email: uniqueEmail("catalogue"))
            func install(_ data: Data, _ id: String) async throws -> TestResponse {
                try await client.execute(uri: "/api/v1/stage/packages?catalogueId=\(id)", method: .post,
                                         headers: [.authorization: "Bearer \(token)", .contentType: "application/vnd.cadence.package"],
                                         body: ByteBuffer(bytes: data))
            }
            let before = try await StagePackagesAPITests.ownSeries(client, token: token).count
            // Cut off on the way: refused against the catalogue's checksum, nothing installed.
            let cut = try await install(offered.data.prefix(offered.data.count - 100), offered.record.id)
            #expect(cut.errorField == "file")
            #expect(cut.errorMessage?.contains("checksum") == true, "\(cut.text)")
            #expect(try await install(locked.data, locked.record.id).status == .forbidden)
            #expect(try await install(offered.data, "ffffffffffffffff").errorField == "catalogueId")
            #expect(try await StagePackagesAPITests.ownSeries(client, token: token).count == before)

            let installed = try await install(offered.data, offered.record.id)
            #expect(installed.status == .created, "\(installed.text)")
            #expect(try await Self.entry(client, offered.record.id, token: token)?["installed"] as? Bool == true)
            let series = try await StagePackagesAPITests.ownSeries(client, token: token)
            #expect(series.map { $0["title"] as? String } == ["Easter week"], "the demo steps aside")
            // Another account has not installed it; deleting the series forgets the install.
            let other = try await client.register(email: uniqueEmail("catalogue"))
            #expect(try await Self.entry(client, offered.record.id, token: other)?["installed"] as? Bool == false)
            let seriesID = try #require(installed.object["seriesId"] as? String)
            #expect(try await client.json(.delete, "/api/v1/stage/series/\(seriesID)", token: token).status == .noContent)
            #expect(try await Self.entry(client, offered.record.id, token: token)?["installed"] as? Bool == false)
        }
    }

    @Test func addingRefusesWhatIsNotAPackage() async throws {
        try await withTestServer { server in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("deck-\(UUID().uuidString.prefix(8)).cadence")
            try StagePackagesAPITests.deck.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            await #expect(throws: CatalogueError.self) { try await Self.catalogue(server).add(file: file, free: true, codes: []) }
            #expect(!FileManager.default.fileExists(atPath: server.dataDirectory.appendingPathComponent("catalogue/\(file.lastPathComponent)").path))
            let offered = try await Self.offer(server, free: true)
            await #expect(throws: CatalogueError.self) {
                let copy = FileManager.default.temporaryDirectory.appendingPathComponent("again-\(UUID().uuidString.prefix(8)).cadence")
                try offered.data.write(to: copy)
                defer { try? FileManager.default.removeItem(at: copy) }
                _ = try await Self.catalogue(server).add(file: copy, free: true, codes: ["short"])
            }
        }
    }

    @Test func aPackageDamagedOnDiskKeepsItsRecordedChecksum() async throws {
        try await withTestServer { server in
            let client = server.client
            let offered = try await Self.offer(server, free: true)
            let token = try await client.register(email: uniqueEmail("catalogue"))
            let path = server.dataDirectory.appendingPathComponent("catalogue/\(offered.record.fileName)")
            try offered.data.prefix(offered.data.count / 2).write(to: path)
            let entry = try #require(try await Self.entry(client, offered.record.id, token: token))
            #expect(entry["sha256"] as? String == offered.record.sha256, "the checksum the operator added it with")
            #expect(entry["bytes"] as? Int == offered.data.count)
            let past = try await Self.range(client, offered.record.id, "bytes=\(offered.data.count / 2)-", token: token)
            #expect(past.status == .rangeNotSatisfiable, "the browser sees the copy is short")
        }
    }
}
