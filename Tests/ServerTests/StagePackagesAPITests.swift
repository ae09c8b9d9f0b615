import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `.cadence` packages through the API: a series exported by one person installs whole for
/// another (the demo then steps aside); a password, tampering or a cut-off download is refused
/// with nothing half-installed.
@Suite(.timeLimit(.minutes(5))) struct StagePackagesAPITests {
    static let deck = StageFixtures.zip([
        ("1.png", StageFixtures.png(width: 64, height: 36)), ("2.png", StageFixtures.png(width: 32, height: 18)),
        ("3.png", StageFixtures.png(width: 64, height: 36)),
    ])

    /// An account with an imported series; returns its token and the series id.
    static func seriesOwner(_ client: some TestClientProtocol) async throws -> (token: String, seriesID: String) {
        let token = try await client.register(email: uniqueEmail("package"))
        let job = try await client.stageImport(Self.deck, query: "filename=easter.zip&seriesTitle=Easter%20week", token: token)
        guard let talkID = job["talkId"] as? String else { throw TestFailure("import failed: \(job)") }
        let talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)", token: token).object
        guard let seriesID = talk["seriesId"] as? String else { throw TestFailure("no series: \(talk)") }
        return (token, seriesID)
    }

    static func install(_ client: some TestClientProtocol, _ data: Data, token: String, password: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/vnd.cadence.package"]
        if let password { headers[HTTPField.Name("X-Package-Password")!] = password }
        return try await client.execute(uri: "/api/v1/stage/packages", method: .post, headers: headers, body: ByteBuffer(bytes: data))
    }

    static func ownSeries(_ client: some TestClientProtocol, token: String) async throws -> [[String: Any]] {
        try await client.json(.get, "/api/v1/stage/series", token: token).array
    }

    @Test func aSeriesExportedByOneInstallsWholeForAnother() async throws {
        try await withTestServer { server in
            let client = server.client
            let (owner, seriesID) = try await Self.seriesOwner(client)
            let exported = try await client.json(.get, "/api/v1/stage/series/\(seriesID)/package", token: owner)
            #expect(exported.status == .ok, "\(exported.text.prefix(300))")
            #expect(exported.headers[.contentDisposition]?.contains(".cadence") == true)

            let friend = try await client.register(email: uniqueEmail("package"))
            #expect(try await Self.ownSeries(client, token: friend).contains { $0["isDemo"] as? Bool == true }, "the demo, before")
            let installed = try await Self.install(client, Data(buffer: exported.body), token: friend)
            #expect(installed.status == .created, "\(installed.text)")
            #expect(installed.object["talks"] as? Int == 1)
            #expect(installed.object["slides"] as? Int == 3)
            let series = try await Self.ownSeries(client, token: friend)
            #expect(series.map { $0["title"] as? String } == ["Easter week"], "the demo steps aside once a full series is installed")
            let newID = try #require(installed.object["seriesId"] as? String)
            #expect(newID.lowercased() != seriesID.lowercased())
            let detail = try await client.json(.get, "/api/v1/stage/series/\(newID)", token: friend).object
            let talkID = try #require((detail["talks"] as? [[String: Any]])?.first?["id"] as? String)
            let slides = try await client.stageDeck(talkID, token: friend)
            #expect(slides.count == 3)
            // The pictures came along, byte for byte.
            let first = try #require(assetID(slides.first?["media"]))
            let picture = try await client.json(.get, "/api/v1/stage/assets/\(first)", token: friend)
            #expect(picture.status == .ok)
            #expect(Data(buffer: picture.body) == StageFixtures.png(width: 64, height: 36))

            #expect(try await client.json(.get, "/api/v1/stage/series/\(seriesID)/package", token: friend).status == .notFound)
        }
    }

    @Test func aPasswordProtectsThePackage() async throws {
        try await withTestServer { server in
            let client = server.client
            let (owner, seriesID) = try await Self.seriesOwner(client)
            let short = try await client.json(.post, "/api/v1/stage/series/\(seriesID)/package", body: #"{"password": "short"}"#, token: owner)
            #expect(short.errorField == "password")
            let exported = try await client.json(.post, "/api/v1/stage/series/\(seriesID)/package",
                                                 body: #"{"password": "correct horse"}"#, token: owner)
            #expect(exported.status == .ok)
            let data = Data(buffer: exported.body)
            let friend = try await client.register(email: uniqueEmail("package"))
            let without = try await Self.install(client, data, token: friend)
            #expect(without.errorField == "password")
            let wrong = try await Self.install(client, data, token: friend, password: "wrong horse")
            #expect(wrong.errorField == "password")
            #expect(wrong.errorMessage?.contains("wrong") == true, "\(wrong.text)")
            #expect(try await Self.install(client, data, token: friend, password: "correct horse").status == .created)
        }
    }

    @Test func aTamperedOrCutOffPackageInstallsNothing() async throws {
        try await withTestServer { server in
            let client = server.client
            let (owner, seriesID) = try await Self.seriesOwner(client)
            let exported = Data(buffer: try await client.json(.get, "/api/v1/stage/series/\(seriesID)/package", token: owner).body)
            let friend = try await client.register(email: uniqueEmail("package"))
            let before = try await Self.ownSeries(client, token: friend).count
            let filesBefore = try await server.storedFiles("stage", token: friend).count

            // A byte of a picture changed (the picture is stored, not deflated: find its PNG signature).
            var tampered = exported
            let png = try #require(tampered.range(of: Data([0x89, 0x50, 0x4E, 0x47])))
            tampered[png.lowerBound + 40] ^= 0xFF
            let changed = try await Self.install(client, tampered, token: friend)
            #expect(changed.status == .badRequest)
            #expect(changed.errorField == "file")
            #expect(changed.errorMessage?.contains("changed") == true || changed.errorMessage?.contains("damaged") == true, "\(changed.text)")

            let cut = try await Self.install(client, exported.prefix(exported.count / 2), token: friend)
            #expect(cut.errorField == "file")
            #expect(cut.errorMessage?.contains("incomplete") == true, "\(cut.text)")

            let notAPackage = try await Self.install(client, Self.deck, token: friend)
            #expect(notAPackage.errorMessage?.contains("not a Cadence package") == true, "\(notAPackage.text)")

            #expect(try await Self.ownSeries(client, token: friend).count == before, "nothing half-installed")
            #expect(try await server.storedFiles("stage", token: friend).count == filesBefore, "no picture left behind")
        }
    }
}
