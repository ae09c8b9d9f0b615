import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TestSupport

/// `/api/v1/stage/imports`: a file uploaded as the body becomes a talk, in the background.
@Suite(.timeLimit(.minutes(5))) struct StageImportAPITests {
    /// Three pictures whose names sort wrongly as plain text; widths tell them apart.
    static let threePictures = StageFixtures.zip([
        ("slide10.png", StageFixtures.png(width: 10, height: 4)),
        ("slide2.png", StageFixtures.png(width: 2, height: 4)),
        ("slide1.png", StageFixtures.png(width: 1, height: 4)),
    ])

    @Test func aZIPOfPicturesBecomesASeriesWithOneTalkInNaturalOrder() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("import"))
            let job = try await client.stageImport(Self.threePictures, query: "filename=deck.zip", token: token)
            #expect(job["state"] as? String == "done", "\(job)")
            #expect(job["fraction"] as? Double == 1)
            let talkID = try #require(job["talkId"] as? String)

            let deck = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/deck", token: token)
            #expect(deck.object["title"] as? String == "deck")
            let slides = try #require(deck.object["slides"] as? [[String: Any]])
            #expect(slides.map { $0["width"] as? Int } == [1, 2, 10])
            #expect(slides.map { $0["number"] as? Int } == [1, 2, 3])
            // The stored picture is the uploaded file, byte for byte.
            let picture = try await client.json(.get, try #require(slides[2]["media"] as? String), token: token)
            #expect(picture.headers[.contentType] == "image/png")
            #expect(Data(buffer: picture.body) == StageFixtures.png(width: 10, height: 4))

            // The new series is listed; the demo steps aside now that there is a series of one's own.
            let series = try await client.json(.get, "/api/v1/stage/series", token: token).array
            #expect(series.map { $0["title"] as? String } == ["deck"])
            #expect(series.first?["talkCount"] as? Int == 1)
            #expect(series.first?["slideCount"] as? Int == 3)
            // The upload's work folder is gone.
            #expect(filesUnder(server.dataDirectory.appendingPathComponent("work/imports")).isEmpty)
        }
    }

    @Test func importingIntoASeriesAddsATalk() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("import"))
            let first = try await client.stageImport(Self.threePictures, query: "filename=week1.zip", token: token)
            let firstTalk = try #require(first["talkId"] as? String)
            let seriesID = try #require(try await client.json(.get, "/api/v1/stage/talks/\(firstTalk)", token: token).object["seriesId"] as? String)

            let second = try await client.stageImport(StageFixtures.zip([("only.png", StageFixtures.png(width: 3, height: 3))]),
                                                      query: "filename=week2.zip&seriesId=\(seriesID)", token: token)
            #expect(second["state"] as? String == "done", "\(second)")
            let talks = try #require(try await client.json(.get, "/api/v1/stage/series/\(seriesID)", token: token).object["talks"] as? [[String: Any]])
            #expect(talks.map { $0["title"] as? String } == ["week1", "week2"])
            #expect(talks.map { $0["slideCount"] as? Int } == [3, 1])
            #expect(try await client.json(.get, "/api/v1/stage/series", token: token).array.count == 1)
        }
    }

    @Test func aFileThatIsNoDeckIsRefusedAtOnce() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("import"))
            let before = try await client.json(.get, "/api/v1/stage/series", token: token).array.count
            let text = try await client.stageUpload(Data("These are my notes, not slides.\n".utf8), query: "filename=deck.zip", token: token)
            #expect(text.status == .unsupportedMediaType)
            #expect(text.errorField == "file")
            let empty = try await client.stageUpload(Data(), query: "filename=deck.zip", token: token)
            #expect(empty.status == .badRequest)
            #expect(empty.errorField == "file")
            let unnamed = try await client.stageUpload(Self.threePictures, query: "", token: token)
            #expect(unnamed.status == .badRequest)
            #expect(unnamed.errorField == "filename")
            let elsewhere = try await client.stageUpload(Self.threePictures, query: "filename=deck.zip&seriesId=\(UUID())", token: token)
            #expect(elsewhere.status == .notFound)
            #expect(try await client.json(.get, "/api/v1/stage/series", token: token).array.count == before)
            #expect(filesUnder(server.dataDirectory.appendingPathComponent("work/imports")).isEmpty)
        }
    }

    @Test func aZIPThatReachesOutsideItsFolderFailsAndLeavesNothing() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("import"))
            let before = try await client.json(.get, "/api/v1/stage/series", token: token).array
            let evil = StageFixtures.zip([("slide1.png", StageFixtures.png(width: 2, height: 2)),
                                          ("../evil.png", StageFixtures.png(width: 2, height: 2))])
            let job = try await client.stageImport(evil, query: "filename=deck.zip", token: token)
            #expect(job["state"] as? String == "failed")
            #expect((job["message"] as? String)?.contains("../evil.png") == true, "\(job)")
            #expect(job["talkId"] == nil)
            let after = try await client.json(.get, "/api/v1/stage/series", token: token).array
            #expect(after.map { $0["id"] as? String } == before.map { $0["id"] as? String })
            #expect(after.map { $0["talkCount"] as? Int } == before.map { $0["talkCount"] as? Int })
            #expect(try await server.storedFiles("stage", token: token).filter { $0.hasSuffix(".png") }.isEmpty)
        }
    }

    @Test(.enabled(if: RequiredTools.runs(ExecutableSearch.find("pdftoppm") != nil && ExecutableSearch.find("pdftotext") != nil)))
    func aPDFPageBecomesASlideWithItsTextAsNotes() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("import"))
            let job = try await client.stageImport(StageFixtures.pdf(pages: ["Welcome to the harvest festival"]),
                                                   query: "filename=festival.pdf", token: token)
            #expect(job["state"] as? String == "done", "\(job)")
            let talkID = try #require(job["talkId"] as? String)
            let slides = try await client.stageDeck(talkID, token: token)
            #expect(slides.count == 1)
            #expect((slides.first?["notes"] as? String)?.contains("Welcome to the harvest festival") == true)
            let picture = try await client.json(.get, try #require(slides.first?["media"] as? String), token: token)
            #expect(picture.status == .ok)
            #expect(picture.headers[.contentType] == "image/png" || picture.headers[.contentType] == "image/jpeg")
        }
    }

    @Test func deletingAnImportedSeriesRemovesItsPictures() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("import"))
            let talkID = try #require(try await client.stageImport(Self.threePictures, query: "filename=deck.zip", token: token)["talkId"] as? String)
            let seriesID = try #require(try await client.json(.get, "/api/v1/stage/talks/\(talkID)", token: token).object["seriesId"] as? String)
            let pictures = Set(try await client.stageDeck(talkID, token: token).compactMap { assetID($0["media"]) })
            #expect(pictures.count == 3)
            #expect(try await server.storedFiles("stage", token: token).filter { name in pictures.contains { name.hasPrefix($0) } }.count == 3)

            #expect(try await client.json(.delete, "/api/v1/stage/series/\(seriesID)", token: token).status == .noContent)
            #expect(try await server.storedFiles("stage", token: token).filter { name in pictures.contains { name.hasPrefix($0) } }.isEmpty)
            #expect(try await client.json(.get, "/api/v1/stage/talks/\(talkID)/deck", token: token).status == .notFound)
            #expect(try await client.json(.delete, "/api/v1/stage/series/\(seriesID)", token: token).status == .notFound)
            // With no series of one's own left, the demo is listed again.
            #expect(try await client.json(.get, "/api/v1/stage/series", token: token).array.map { $0["isDemo"] as? Bool } == [true])
        }
    }
}

/// Finds a program on PATH, so tests that need poppler run only where it is installed.
enum ExecutableSearch {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
