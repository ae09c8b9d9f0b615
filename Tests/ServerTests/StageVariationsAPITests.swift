import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `/api/v1/stage/talks/{id}/variations…`: variations that never change each other, the talk
/// presenting the chosen one, edit mode's changes, conflicts between devices, and scoping.
@Suite(.timeLimit(.minutes(5))) struct StageVariationsAPITests {
    static func edit(_ client: some TestClientProtocol, _ talkID: String, _ variationID: String, _ body: String, token: String) async throws -> TestResponse {
        try await client.json(.post, "/api/v1/stage/talks/\(talkID)/variations/\(variationID)/edits", body: body, token: token)
    }

    static func slideIDs(_ talk: TestResponse) -> [String] {
        (talk.object["slides"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    static func revision(_ talk: TestResponse) -> Int {
        (talk.object["variation"] as? [String: Any])?["revision"] as? Int ?? -1
    }

    @Test func aVariationIsPresentedOnceChosenAndNeverChangesTheOriginal() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("variation"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let listed = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations", token: token)
            #expect((listed.object["variations"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Original"])
            #expect((listed.object["variations"] as? [[String: Any]])?.map { $0["hasDefaultName"] as? Bool } == [true],
                    "pages say the original's default name in their language")
            #expect((listed.object["active"] as? String)?.lowercased() == talkID.lowercased())

            let created = try await client.json(.post, "/api/v1/stage/talks/\(talkID)/variations", body: #"{"name": "Short"}"#, token: token)
            #expect(created.status == .created, "\(created.text)")
            #expect(created.object["hasDefaultName"] as? Bool == false)
            let shortID = try #require(created.object["id"] as? String)
            let short = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(shortID)", token: token)
            let slides = short.object["slides"] as? [[String: Any]] ?? []
            // Hide the first two slides in the short one (the rest keep their visibility).
            let order = slides.enumerated().map { index, slide in
                #"{"id": "\#(slide["id"] as? String ?? "")", "hidden": \#(index < 2 || slide["hidden"] as? Bool == true)}"#
            }.joined(separator: ",")
            let hidden = try await Self.edit(client, talkID, shortID, #"{"revision": \#(Self.revision(short)), "op": "arrange", "slides": [\#(order)]}"#, token: token)
            #expect(hidden.status == .ok, "\(hidden.text)")

            let before = try await client.stageDeck(talkID, token: token).count
            let chosen = try await client.json(.put, "/api/v1/stage/talks/\(talkID)/variation", body: #"{"id": "\#(shortID)"}"#, token: token)
            #expect(chosen.status == .ok)
            #expect(try await client.stageDeck(talkID, token: token).count == before - 2, "the presenter follows the chosen variation")
            let back = try await client.json(.put, "/api/v1/stage/talks/\(talkID)/variation", body: #"{"id": "\#(talkID)"}"#, token: token)
            #expect(back.status == .ok)
            #expect(try await client.stageDeck(talkID, token: token).count == before, "the original never changed")

            // Deleting the variation a talk presents sends the talk back to its original; the original stays.
            _ = try await client.json(.put, "/api/v1/stage/talks/\(talkID)/variation", body: #"{"id": "\#(shortID)"}"#, token: token)
            #expect(try await client.json(.delete, "/api/v1/stage/talks/\(talkID)/variations/\(shortID)", token: token).status == .noContent)
            #expect(try await client.stageDeck(talkID, token: token).count == before)
            let original = try await client.json(.delete, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            #expect(original.errorField == "variationId")
        }
    }

    @Test func editModeChangesNotesSafelyAndResetsToTheImport() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("variation"))
            let (_, talkID) = try await client.stageDemo(token: token)
            var talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            let first = try #require(Self.slideIDs(talk).first)
            talk = try await Self.edit(client, talkID, talkID, #"""
                {"revision": \#(Self.revision(talk)), "op": "notes", "slideId": "\#(first)", "language": "en",
                 "html": "Welcome <b>everyone</b><script>alert(1)</script><img src=x onerror=alert(2)>"}
                """#, token: token)
            #expect(talk.status == .ok, "\(talk.text)")
            let notes = (talk.object["slides"] as? [[String: Any]])?.first?["notes"] as? [String: String]
            #expect(notes?["en"] == "Welcome **everyone**")
            #expect(notes?["es"]?.hasPrefix("Bienvenidos") == true, "the other language is untouched")

            talk = try await Self.edit(client, talkID, talkID, #"{"revision": \#(Self.revision(talk)), "op": "duplicate", "slideId": "\#(first)"}"#, token: token)
            #expect(Self.slideIDs(talk).count == 9)
            let demoDelete = try await Self.edit(client, talkID, talkID, #"{"revision": \#(Self.revision(talk)), "op": "delete", "slideId": "\#(first)"}"#, token: token)
            #expect(demoDelete.status == .badRequest, "the demo's pictures are shipped: hide, don't delete")
            #expect(demoDelete.errorMessage?.contains("hide") == true)

            // Insert an uploaded picture before the first slide; being the person's own, it can be deleted.
            let upload = try await client.execute(uri: "/api/v1/stage/talks/\(talkID)/media?filename=photo.png", method: .post,
                                                  headers: [.authorization: "Bearer \(token)", .contentType: "image/png"],
                                                  body: ByteBuffer(bytes: StageFixtures.png(width: 40, height: 30)))
            #expect(upload.status == .created, "\(upload.text)")
            let assetID = try #require(upload.object["assetId"] as? String)
            talk = try await Self.edit(client, talkID, talkID, #"{"revision": \#(Self.revision(talk)), "op": "insert", "position": 0, "assetId": "\#(assetID)"}"#, token: token)
            let inserted = try #require(Self.slideIDs(talk).first)
            #expect(Self.slideIDs(talk).count == 10)
            talk = try await Self.edit(client, talkID, talkID, #"{"revision": \#(Self.revision(talk)), "op": "delete", "slideId": "\#(inserted)"}"#, token: token)
            #expect(talk.status == .ok)
            #expect(Self.slideIDs(talk).count == 9)
            let notAPicture = try await client.execute(uri: "/api/v1/stage/talks/\(talkID)/media", method: .post,
                                                       headers: [.authorization: "Bearer \(token)"], body: ByteBuffer(string: "hello"))
            #expect(notAPicture.errorField == "file")
            // A broken picture is named as the person knows it, not by the upload's temporary file.
            var broken = StageFixtures.png(width: 40, height: 30)
            broken.removeLast(broken.count - 40)
            let damaged = try await client.execute(uri: "/api/v1/stage/talks/\(talkID)/media?filename=holiday.png", method: .post,
                                                   headers: [.authorization: "Bearer \(token)", .contentType: "image/png"],
                                                   body: ByteBuffer(bytes: broken))
            #expect(damaged.errorField == "file")
            #expect(damaged.errorMessage?.contains("“holiday.png”") == true && damaged.errorMessage?.contains("cadence-media") == false,
                    "\(damaged.text)")

            talk = try await Self.edit(client, talkID, talkID, #"{"revision": \#(Self.revision(talk)), "op": "reset"}"#, token: token)
            #expect(Self.slideIDs(talk).count == 8)
            #expect(((talk.object["slides"] as? [[String: Any]])?.first?["notes"] as? [String: String])?["en"]?.hasPrefix("Welcome everyone, and thank you") == true)
            #expect((talk.object["variation"] as? [String: Any])?["edited"] as? Bool == false)
        }
    }

    @Test func twoDevicesEditingTheSameRevisionGetAClearConflict() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("variation"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            let ids = Self.slideIDs(talk)
            let revision = Self.revision(talk)
            let phone = try await Self.edit(client, talkID, talkID, #"{"revision": \#(revision), "op": "duplicate", "slideId": "\#(ids[0])"}"#, token: token)
            #expect(phone.status == .ok)
            let tablet = try await Self.edit(client, talkID, talkID, #"{"revision": \#(revision), "op": "duplicate", "slideId": "\#(ids[1])"}"#, token: token)
            #expect(tablet.status == .conflict)
            #expect(tablet.errorField == "revision")
            let now = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            #expect(Self.slideIDs(now).count == ids.count + 1, "the first edit stands, nothing lost")
        }
    }

    @Test func badEditsNameTheFieldAndOthersTalksAreNotFound() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("variation"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            let r = Self.revision(talk)
            for (body, field) in [
                (#"{"revision": \#(r), "op": "fly"}"#, "op"),
                (#"{"revision": \#(r), "op": "notes", "slideId": "\#(UUID())", "text": "x"}"#, "slideId"),
                (#"{"revision": \#(r), "op": "notes", "slideId": "\#(Self.slideIDs(talk)[0])", "language": "fr", "text": "x"}"#, "language"),
                (#"{"revision": \#(r), "op": "insert", "position": 0}"#, "slideId"),
                (#"{"revision": \#(r), "op": "arrange", "slides": []}"#, "slides"),
                (#"{"op": "reset"}"#, "revision"),
            ] {
                #expect(try await Self.edit(client, talkID, talkID, body, token: token).errorField == field, "\(body)")
            }
            #expect(try await client.json(.post, "/api/v1/stage/talks/\(talkID)/variations", body: #"{"name": " "}"#, token: token).errorField == "name")
            let other = try await client.register(email: uniqueEmail("variation"))
            #expect(try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations", token: other).status == .notFound)
            #expect(try await client.json(.post, "/api/v1/stage/talks/\(talkID)/variations", body: #"{"name": "Mine"}"#, token: other).status == .notFound)
            #expect(try await Self.edit(client, talkID, talkID, #"{"revision": \#(r), "op": "reset"}"#, token: other).status == .notFound)
            #expect(try await client.json(.put, "/api/v1/stage/talks/\(talkID)/variation", body: #"{"id": "\#(talkID)"}"#, token: other).status == .notFound)
        }
    }
}

/// Sharing a variation between two people who installed the same series.
@Suite(.timeLimit(.minutes(5))) struct StageSharedVariationAPITests {
    @Test func aVariationSharedByOneAppliesToAnothersInstallAndKeepsWhatWasThere() async throws {
        try await withTestServer { server in
            let client = server.client
            let (ann, seriesID) = try await StagePackagesAPITests.seriesOwner(client)
            let package = Data(buffer: try await client.json(.get, "/api/v1/stage/series/\(seriesID)/package", token: ann).body)
            let bob = try await client.register(email: uniqueEmail("shared"))
            let installed = try await StagePackagesAPITests.install(client, package, token: bob)
            let bobSeries = try #require(installed.object["seriesId"] as? String)
            let bobTalk = try #require(((try await client.json(.get, "/api/v1/stage/series/\(bobSeries)", token: bob)).object["talks"] as? [[String: Any]])?.first?["id"] as? String)
            let annTalk = try #require(((try await client.json(.get, "/api/v1/stage/series/\(seriesID)", token: ann)).object["talks"] as? [[String: Any]])?.first?["id"] as? String)

            // Ann's "Short": slide 2 hidden, notes on slide 1, a copy of slide 3 at the end.
            let created = try await client.json(.post, "/api/v1/stage/talks/\(annTalk)/variations", body: #"{"name": "Short"}"#, token: ann)
            let short = try #require(created.object["id"] as? String)
            var talk = try await client.json(.get, "/api/v1/stage/talks/\(annTalk)/variations/\(short)", token: ann)
            let ids = StageVariationsAPITests.slideIDs(talk)
            talk = try await StageVariationsAPITests.edit(client, annTalk, short,
                #"{"revision": \#(StageVariationsAPITests.revision(talk)), "op": "notes", "slideId": "\#(ids[0])", "language": "en", "text": "Start **slowly**"}"#, token: ann)
            talk = try await StageVariationsAPITests.edit(client, annTalk, short,
                #"{"revision": \#(StageVariationsAPITests.revision(talk)), "op": "duplicate", "slideId": "\#(ids[2])"}"#, token: ann)
            let order = StageVariationsAPITests.slideIDs(talk).enumerated().map { #"{"id": "\#($1)", "hidden": \#($0 == 1)}"# }.joined(separator: ",")
            talk = try await StageVariationsAPITests.edit(client, annTalk, short,
                #"{"revision": \#(StageVariationsAPITests.revision(talk)), "op": "arrange", "slides": [\#(order)]}"#, token: ann)
            #expect(talk.status == .ok, "\(talk.text)")
            let shared = try await client.json(.get, "/api/v1/stage/talks/\(annTalk)/variations/\(short)/export", token: ann)
            #expect(shared.status == .ok)

            let imported = try await client.execute(uri: "/api/v1/stage/talks/\(bobTalk)/variations/import", method: .post,
                                                    headers: [.authorization: "Bearer \(bob)"], body: shared.body)
            #expect(imported.status == .created, "\(imported.text)")
            let listed = try await client.json(.get, "/api/v1/stage/talks/\(bobTalk)/variations", token: bob)
            let names = (listed.object["variations"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["Original", "Before Short", "Short"], "what Bob had is kept as a variation first")
            let deck = try await client.stageDeck(bobTalk, token: bob)
            #expect(deck.count == 3, "three shown of four: slide 2 hidden, the copy of slide 3 added")
            #expect(deck.first?["notes"] as? String == "Start **slowly**")

            // A variation made for another talk does not fit this one.
            let other = try await client.stageImport(StageFixtures.zip([("1.png", StageFixtures.png(width: 8, height: 8))]),
                                                     query: "filename=one.zip", token: bob)
            let otherTalk = try #require(other["talkId"] as? String)
            let misfit = try await client.execute(uri: "/api/v1/stage/talks/\(otherTalk)/variations/import", method: .post,
                                                  headers: [.authorization: "Bearer \(bob)"], body: shared.body)
            #expect(misfit.errorField == "file")
            #expect(misfit.errorMessage?.contains("3 slides") == true, "\(misfit.text)")
        }
    }
}
