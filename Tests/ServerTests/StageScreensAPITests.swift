import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// What the audience screens show comes from the talk as presented: its chosen variation, with
/// the slides it added and the notes it edited (issue 17, Stage 1, 2, 4, 6).
@Suite(.timeLimit(.minutes(5))) struct StageScreensAPITests {
    typealias Edits = StageVariationsAPITests

    struct Presented {
        let client: any TestClientProtocol
        let token: String
        let talkID: String

        /// Shows a slide and answers the status and what a display then reads as the screen.
        func show(_ slideID: String, step: Int = 0, mode: String? = "project") async throws -> (HTTPResponse.Status, [String: Any]) {
            let modeField = mode.map { #","mode":"\#($0)""# } ?? ""
            let shown = try await client.json(.post, "/api/v1/stage/screen",
                                              body: #"{"talkId":"\#(talkID)","slideId":"\#(slideID)","step":\#(step)\#(modeField)}"#, token: token)
            let screen = try await client.json(.get, "/api/v1/stage/screen", token: token)
            return (shown.status, screen.object)
        }
    }

    /// A variation of the demo talk with a duplicated first slide, an uploaded picture, a slide
    /// inserted from the talk's own slides, and the vocal appeal's captions rewritten to three.
    static func editedVariation(_ client: some TestClientProtocol, token: String, talkID: String) async throws
        -> (copy: String, picture: String, pictureURL: String, borrowed: String, appeal: String, first: String) {
        let created = try await client.json(.post, "/api/v1/stage/talks/\(talkID)/variations", body: #"{"name":"Edited"}"#, token: token)
        let variationID = try #require(created.object["id"] as? String)
        var talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(variationID)", token: token)
        let slides = talk.object["slides"] as? [[String: Any]] ?? []
        let first = try #require(slides.first?["id"] as? String)
        let appeal = try #require(slides.first { $0["title"] as? String == "Appeal (vocal)" }?["id"] as? String)
        let hidden = try #require(slides.first { $0["hidden"] as? Bool == true }?["id"] as? String)

        talk = try await Edits.edit(client, talkID, variationID, #"{"revision":\#(Edits.revision(talk)),"op":"duplicate","slideId":"\#(first)"}"#, token: token)
        let copy = Edits.slideIDs(talk)[1]
        let upload = try await client.execute(uri: "/api/v1/stage/talks/\(talkID)/media?filename=photo.png", method: .post,
                                              headers: [.authorization: "Bearer \(token)", .contentType: "image/png"],
                                              body: ByteBuffer(bytes: StageFixtures.png(width: 40, height: 30)))
        let assetID = try #require(upload.object["assetId"] as? String)
        let pictureURL = try #require(upload.object["url"] as? String)
        talk = try await Edits.edit(client, talkID, variationID, #"{"revision":\#(Edits.revision(talk)),"op":"insert","position":0,"assetId":"\#(assetID)"}"#, token: token)
        let picture = Edits.slideIDs(talk)[0]
        // The hidden backup slide, inserted again as a shown copy (the same path as a slide from another talk).
        talk = try await Edits.edit(client, talkID, variationID, #"{"revision":\#(Edits.revision(talk)),"op":"insert","position":1,"slideId":"\#(hidden)"}"#, token: token)
        let borrowed = Edits.slideIDs(talk)[1]
        let notes = #"Stand, please.\n<C>First line<c>\n<C>Second line<c>\n<C>Third line<c>\n<R>Thank you, edited."#
        talk = try await Edits.edit(client, talkID, variationID, #"{"revision":\#(Edits.revision(talk)),"op":"notes","slideId":"\#(appeal)","language":"en","text":"\#(notes)"}"#, token: token)
        try #require(talk.status == .ok, "\(talk.text)")
        let chosen = try await client.json(.put, "/api/v1/stage/talks/\(talkID)/variation", body: #"{"id":"\#(variationID)"}"#, token: token)
        try #require(chosen.status == .ok)
        return (copy, picture, pictureURL, borrowed, appeal, first)
    }

    @Test func theScreensShowTheSlidesAVariationAddedAndTheCaptionsItEdited() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("screens"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let edited = try await Self.editedVariation(client, token: token, talkID: talkID)
            let presented = Presented(client: client, token: token, talkID: talkID)
            let deck = try await client.stageDeck(talkID, token: token)
            #expect(deck.map { $0["id"] as? String }.prefix(4) == [edited.picture, edited.borrowed, edited.first, edited.copy])

            var (status, screen) = try await presented.show(edited.copy)
            #expect(status == .ok)
            #expect((screen["slideId"] as? String)?.lowercased() == edited.copy.lowercased())
            #expect(screen["media"] as? String == deck[2]["media"] as? String, "a duplicate shows the first slide's picture")
            (status, screen) = try await presented.show(edited.picture)
            #expect(status == .ok)
            #expect(screen["media"] as? String == edited.pictureURL)
            (status, screen) = try await presented.show(edited.borrowed)
            #expect(status == .ok)
            #expect((screen["slideId"] as? String)?.lowercased() == edited.borrowed.lowercased())

            // The edited appeal has three captions; the third was out of range before.
            for (step, caption) in ["First line", "Second line", "Third line"].enumerated() {
                (status, screen) = try await presented.show(edited.appeal, step: step)
                #expect(status == .ok)
                #expect(screen["caption"] as? String == caption)
            }
            (status, screen) = try await presented.show(edited.appeal, step: 3, mode: "mirror")
            #expect(status == .ok)
            #expect(screen["caption"] == nil || screen["caption"] is NSNull)
            #expect(screen["notes"] as? String == "Thank you, edited.", "mirror mode shows the edited notes")
            (status, _) = try await presented.show(edited.appeal, step: 4)
            #expect(status == .badRequest)
        }
    }

    @Test func spanishSlidesPutSpanishCaptionsBeforeTheAudienceWhateverTheNotesLanguage() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("screens"))
            let (seriesID, talkID) = try await client.stageDemo(token: token)
            _ = try await client.json(.patch, "/api/v1/stage/series/\(seriesID)", body: #"{"slideLanguage":"es","notesLanguage":"en"}"#, token: token)
            let deck = try await client.stageDeck(talkID, token: token)
            let appeal = try #require(deck.first { $0["title"] as? String == "Appeal (vocal)" })
            let steps = try #require(appeal["steps"] as? [[String: Any]])
            #expect(steps.first?["notes"] as? String == "Invite everyone to stand.\nAmazing grace, how sweet the sound", "the speaker reads English")
            #expect(steps.map { $0["caption"] as? String } == ["Sublime gracia del Señor", "Que a un infeliz salvó", nil],
                    "the presenter says what the screens show")
            let presented = Presented(client: client, token: token, talkID: talkID)
            let (status, screen) = try await presented.show(try #require(appeal["id"] as? String), step: 1)
            #expect(status == .ok)
            #expect(screen["caption"] as? String == "Que a un infeliz salvó")
        }
    }

    @Test func screensMirrorByDefaultAndTheChoiceIsKeptPerAccount() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("screens"))
            let other = try await client.register(email: uniqueEmail("screens"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let first = try #require(try await client.stageDeck(talkID, token: token).first?["id"] as? String)
            let presented = Presented(client: client, token: token, talkID: talkID)
            #expect(try await client.json(.get, "/api/v1/stage/preferences", token: token).object["screenMode"] as? String == "mirror")
            var (_, screen) = try await presented.show(first, mode: nil)
            #expect(screen["mode"] as? String == "mirror")
            #expect((screen["notes"] as? String)?.hasPrefix("Welcome everyone") == true)

            let saved = try await client.json(.put, "/api/v1/stage/preferences", body: #"{"screenMode":"project"}"#, token: token)
            #expect(saved.object["screenMode"] as? String == "project")
            #expect(saved.object["advanceMethod"] as? String == "buttons", "the other preference is untouched")
            (_, screen) = try await presented.show(first, mode: nil)
            #expect(screen["mode"] as? String == "project")
            #expect(screen["notes"] == nil || screen["notes"] is NSNull)
            #expect(try await client.json(.get, "/api/v1/stage/preferences", token: other).object["screenMode"] as? String == "mirror")

            #expect(try await client.json(.put, "/api/v1/stage/preferences", body: #"{"screenMode":"sideways"}"#, token: token).errorField == "screenMode")
            let unchanged = try await client.json(.put, "/api/v1/stage/preferences", body: #"{"advanceMethod":null}"#, token: token)
            #expect(unchanged.status == .ok)
            #expect(unchanged.object["screenMode"] as? String == "project", "what is not sent stays as it is")
            let badMode = try await client.json(.post, "/api/v1/stage/screen", body: #"{"talkId":"\#(talkID)","slideId":"\#(first)","mode":"x"}"#, token: token)
            #expect(badMode.errorField == "mode")
        }
    }
}
