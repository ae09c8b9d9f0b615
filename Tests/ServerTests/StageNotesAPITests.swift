import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SQLKit
import Stage
import Testing
import Storage
@testable import StageStorage

/// `PUT /api/v1/stage/talks/{id}/variations/{variationId}/slides/{slideId}/notes`: edit mode's
/// autosave writes one slide's notes alone (issue 17, item 22), with the same rules as the
/// `notes` edit: revisions, languages, scoping, and going back to the slide's own notes.
@Suite(.timeLimit(.minutes(5))) struct StageNotesAPITests {
    typealias Edits = StageVariationsAPITests

    static func put(_ client: some TestClientProtocol, _ talkID: String, _ variationID: String, _ slideID: String,
                    _ body: String, token: String) async throws -> TestResponse {
        try await client.json(.put, "/api/v1/stage/talks/\(talkID)/variations/\(variationID)/slides/\(slideID)/notes", body: body, token: token)
    }

    @Test func oneSlidesNotesAreSavedAloneAndShownEverywhere() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("notes"))
            let (_, talkID) = try await client.stageDemo(token: token)
            var talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            let ids = Edits.slideIDs(talk)
            let first = ids[0]
            var saved = try await Self.put(client, talkID, talkID, first,
                                           #"{"revision":\#(Edits.revision(talk)),"html":"Hello <b>room</b><script>x()</script>"}"#, token: token)
            #expect(saved.status == .ok, "\(saved.text)")
            #expect((saved.object["notes"] as? [String: String])?["en"] == "Hello **room**")
            #expect((saved.object["notes"] as? [String: String])?["es"]?.hasPrefix("Bienvenidos") == true)
            let variation = try #require(saved.object["variation"] as? [String: Any])
            #expect(variation["revision"] as? Int == Edits.revision(talk) + 1)
            #expect(variation["edited"] as? Bool == true)

            // The variation, the presenter's deck and a copy of the variation all show it.
            talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            #expect(((talk.object["slides"] as? [[String: Any]])?.first?["notes"] as? [String: String])?["en"] == "Hello **room**")
            #expect(try await client.stageDeck(talkID, token: token).first?["notes"] as? String == "Hello **room**")
            let copy = try await client.json(.post, "/api/v1/stage/talks/\(talkID)/variations", body: #"{"name":"Copy","from":"\#(talkID)"}"#, token: token)
            let copyID = try #require(copy.object["id"] as? String)
            let copied = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(copyID)", token: token)
            #expect(((copied.object["slides"] as? [[String: Any]])?.first?["notes"] as? [String: String])?["en"] == "Hello **room**")

            // Spanish notes of a duplicate (an added slide) are an edit of their own.
            talk = try await Edits.edit(client, talkID, talkID, #"{"revision":\#(Edits.revision(talk)),"op":"duplicate","slideId":"\#(first)"}"#, token: token)
            let duplicate = Edits.slideIDs(talk)[1]
            let spanish = try #require(((talk.object["slides"] as? [[String: Any]])?[1]["notes"] as? [String: String])?["es"])
            let before = Edits.revision(talk)
            saved = try await Self.put(client, talkID, talkID, duplicate, #"{"revision":\#(before),"language":"es","text":"Copia"}"#, token: token)
            #expect((saved.object["notes"] as? [String: String]) == ["en": "Hello **room**", "es": "Copia"])
            let stale = try await Self.put(client, talkID, talkID, duplicate, #"{"revision":\#(before),"language":"es","text":"Otra"}"#, token: token)
            #expect(stale.status == .conflict, "a stale revision is refused")
            #expect(stale.errorField == "revision")

            // Writing back the slide's own notes removes the edit; reset removes every one.
            let restore = String(decoding: try JSONSerialization.data(withJSONObject: ["revision": before + 1, "language": "es", "text": spanish]), as: UTF8.self)
            saved = try await Self.put(client, talkID, talkID, duplicate, restore, token: token)
            #expect((saved.object["notes"] as? [String: String])?["es"] == spanish)
            talk = try await Edits.edit(client, talkID, talkID, #"{"revision":\#(before + 2),"op":"reset"}"#, token: token)
            #expect((talk.object["variation"] as? [String: Any])?["edited"] as? Bool == false)
            #expect((((talk.object["slides"] as? [[String: Any]])?.first?["notes"] as? [String: String])?["en"])?.hasPrefix("Welcome everyone, and thank you") == true)
            let copyNow = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(copyID)", token: token)
            #expect(((copyNow.object["slides"] as? [[String: Any]])?.first?["notes"] as? [String: String])?["en"] == "Hello **room**",
                    "resetting the original never touches the copy")
        }
    }

    @Test func badNotesNameTheFieldAndOthersTalksAreNotFound() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("notes"))
            let bob = try await client.register(email: uniqueEmail("notes"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            let first = Edits.slideIDs(talk)[0]
            let revision = Edits.revision(talk)
            #expect(try await Self.put(client, talkID, talkID, first, #"{"revision":\#(revision)}"#, token: token).errorField == "text")
            #expect(try await Self.put(client, talkID, talkID, first, #"{"revision":\#(revision),"text":"x","language":"fr"}"#, token: token).errorField == "language")
            #expect(try await Self.put(client, talkID, talkID, UUID().uuidString, #"{"revision":\#(revision),"text":"x"}"#, token: token).errorField == "slideId")
            let tooLong = String(repeating: "x", count: 50_001)
            #expect(try await Self.put(client, talkID, talkID, first, #"{"revision":\#(revision),"text":"\#(tooLong)"}"#, token: token).errorField == "notes")
            #expect(try await Self.put(client, talkID, talkID, first, #"{"revision":\#(revision + 5),"text":"x"}"#, token: token).status == .conflict)
            #expect(try await Self.put(client, talkID, talkID, first, #"{"revision":\#(revision),"text":"x"}"#, token: bob).status == .notFound)
            #expect(try await Self.put(client, talkID, UUID().uuidString, first, #"{"revision":\#(revision),"text":"x"}"#, token: token).status == .notFound)
            // Nothing above was saved.
            let after = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            #expect(Edits.revision(after) == revision)
        }
    }

    /// Notes saved inside an edit set before migration 14 move to their rows, once.
    @Test func notesInsideAnOldEditSetMoveToTheirRows() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("notes"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let created = try await client.json(.post, "/api/v1/stage/talks/\(talkID)/variations", body: #"{"name":"Old"}"#, token: token)
            let variationID = try #require(created.object["id"] as? String)
            let talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(variationID)", token: token)
            let first = Edits.slideIDs(talk)[0]
            let sql = server.database.sql
            let old = TalkEdits(notes: [try #require(UUID(uuidString: first)): ["en": "Kept from before"]])
            try await sql.update("stage_variations").set("edits", to: try SQLStageStore.json(old))
                .where("id", .equal, variationID.uppercased()).run()
            try await moveEditedNotesIntoRows(sql)
            try await moveEditedNotesIntoRows(sql)
            let moved = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(variationID)", token: token)
            #expect(((moved.object["slides"] as? [[String: Any]])?.first?["notes"] as? [String: String])?["en"] == "Kept from before")
            let stored = try await sql.select().column("edits").from("stage_variations").where("id", .equal, variationID.uppercased()).first()
            #expect(try stored?.decode(column: "edits", as: String.self).contains("Kept from before") == false)
        }
    }
}
