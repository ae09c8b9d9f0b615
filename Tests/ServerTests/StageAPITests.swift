import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import Testing

/// The Stage API (`/api/v1/stage/…`): the library, decks, arrangement, appeal, media,
/// audience screens, logs and preferences, as a presenter's client uses them.
@Suite(.timeLimit(.minutes(5))) struct StageAPITests {
    // MARK: Library and decks

    /// Found by schemathesis: a ".." inside an id used to be refused by the static-file
    /// middleware with a bare 400 before the router could answer.
    @Test func anIdContainingDotsIsNotFoundInTheJSONEnvelope() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let response = try await server.client.json(.get, "/api/v1/stage/logs/0..0", token: token)
            #expect(response.status == .notFound)
            #expect(response.object["error"] != nil)
            #expect(try await server.client.json(.get, "/static/../Package.swift").status == .badRequest)
        }
    }

    @Test func theFirstVisitCreatesTheDemoSeriesOnce() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            // Two first visits at once (the picker and the presenter, say) still make one demo.
            async let first = server.client.json(.get, "/api/v1/stage/series", token: token)
            async let second = server.client.json(.get, "/api/v1/stage/series", token: token)
            #expect(try await first.status == .ok)
            #expect(try await second.status == .ok)
            let series = try await server.client.json(.get, "/api/v1/stage/series", token: token).array
            #expect(series.count == 1)
            let demo = try #require(series.first)
            #expect(demo["isDemo"] as? Bool == true)
            #expect(demo["talkCount"] as? Int == 1)
            #expect(demo["slideCount"] as? Int == 8)
            #expect(demo["slideLanguages"] as? [String] == ["en", "es"])
            let talks = try #require(try await server.client.json(.get, "/api/v1/stage/series/\(demo["id"]!)", token: token)
                .object["talks"] as? [[String: Any]])
            #expect(talks.count == 1)
            #expect(talks.first?["slideCount"] as? Int == 8)
        }
    }

    /// Known bug: `StageLibrary.ensureDemo` returns at once for the request that loses
    /// `claimDemo`, before the winner has saved the demo, so that answer lists no series.
    @Test func bothConcurrentFirstVisitsListTheDemo() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            async let first = server.client.json(.get, "/api/v1/stage/series", token: token)
            async let second = server.client.json(.get, "/api/v1/stage/series", token: token)
            let answers = try await [first.array, second.array]
            #expect(answers.map(\.count) == [1, 1])
        }
    }

    /// Known bug: saving preferences writes back `demo_created` as read before the first
    /// visit claimed the demo, so the next visit claims (and creates) the demo again.
    @Test func savingPreferencesDuringTheFirstVisitMakesNoSecondDemo() async throws {
        try await withTestServer { server in
            var counts: [Int] = []
            for _ in 0..<10 {
                let token = try await server.client.register(email: uniqueEmail("stage"))
                async let visit = server.client.json(.get, "/api/v1/stage/series", token: token)
                async let save = server.client.json(.put, "/api/v1/stage/preferences", body: #"{"advanceMethod":"swipe"}"#, token: token)
                _ = try await (visit, save)
                _ = try await server.client.json(.get, "/api/v1/stage/series", token: token)
                counts.append(try await server.client.json(.get, "/api/v1/stage/series", token: token).array.count)
            }
            #expect(counts.allSatisfy { $0 == 1 }, "demo series per account: \(counts)")
        }
    }

    @Test func theDemoDeckPresentsFiveSlidesWithNotesInTheChosenLanguage() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            let demo = try await server.client.stageDemo(token: token)
            let deck = try await server.client.json(.get, "/api/v1/stage/talks/\(demo.talkID)/deck", token: token)
            #expect(deck.status == .ok)
            #expect(deck.object["total"] as? Int == 5)
            let slides = try #require(deck.object["slides"] as? [[String: Any]])
            // The hidden backup slide and the instrumental and text appeals are left out.
            #expect(slides.map { $0["title"] as? String } == ["Hope for Today", "A new beginning", "Three questions", "Appeal (vocal)", "Thank you"])
            #expect(slides.map { $0["number"] as? Int } == [1, 2, 3, 4, 5])
            #expect((slides[0]["notes"] as? String)?.hasPrefix("Welcome everyone") == true)
            // Caption markers are taken out of the notes shown whole, and offered as steps.
            #expect((slides[3]["notes"] as? String)?.contains("<C>") == false)
            #expect((slides[3]["steps"] as? [[String: Any]])?.count == 3)
            let englishPicture = try #require(slides[0]["media"] as? String)

            let changed = try await server.client.json(.patch, "/api/v1/stage/series/\(demo.seriesID)",
                                                       body: #"{"notesLanguage":"es","slideLanguage":"en"}"#, token: token)
            #expect(changed.status == .ok)
            #expect(changed.object["notesLanguage"] as? String == "es")
            let spanish = try await server.client.stageDeck(demo.talkID, token: token)
            #expect((spanish[0]["notes"] as? String)?.hasPrefix("Bienvenidos a todos") == true)
            #expect(spanish[0]["media"] as? String == englishPicture)

            // Showing Spanish slides changes the picture too.
            try await server.client.json(.patch, "/api/v1/stage/series/\(demo.seriesID)", body: #"{"slideLanguage":"es"}"#, token: token)
            #expect(try await server.client.stageDeck(demo.talkID, token: token)[0]["media"] as? String != englishPicture)
        }
    }

    @Test(arguments: [(#"{"notesLanguage":"fr"}"#, "notesLanguage"), (#"{"slideLanguage":"de"}"#, "slideLanguage")])
    func aLanguageTheSeriesLacksIsRefusedNamingTheField(body: String, field: String) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            let demo = try await server.client.stageDemo(token: token)
            let refused = try await server.client.json(.patch, "/api/v1/stage/series/\(demo.seriesID)", body: body, token: token)
            #expect(refused.status == .badRequest)
            #expect(refused.errorField == field)
            let series = try await server.client.json(.get, "/api/v1/stage/series/\(demo.seriesID)", token: token)
            #expect((series.object["series"] as? [String: Any])?["notesLanguage"] as? String == "en")
            #expect((series.object["series"] as? [String: Any])?["slideLanguage"] as? String == "en")
        }
    }

    // MARK: Accounts

    @Test func anotherAccountCannotReachAnythingOfTheSeries() async throws {
        try await withTestServer { server in
            let client = server.client
            let ann = try await client.register(email: uniqueEmail("ann"))
            let bob = try await client.register(email: uniqueEmail("bob"))
            let demo = try await client.stageDemo(token: ann)
            let deck = try await client.stageDeck(demo.talkID, token: ann)
            let asset = try #require(assetID(deck[0]["media"]))
            let arrangement = #"{"slides":[\#(deck.map { #"{"id":"\#($0["id"]!)"}"# }.joined(separator: ","))]}"#
            let log = try await client.json(.post, "/api/v1/stage/logs", body: Self.log(durationMs: 1_200_000), token: ann)
            let logID = try #require(log.object["id"] as? String)
            let upload = try await client.stageUpload(StageFixtures.zip([("a.png", StageFixtures.png(width: 2, height: 2))]),
                                                      query: "filename=a.zip", token: ann)
            let importID = try #require(upload.object["id"] as? String)
            _ = try await client.stageImportResult(importID, token: ann)

            let requests: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/v1/stage/series/\(demo.seriesID)", nil),
                (.patch, "/api/v1/stage/series/\(demo.seriesID)", #"{"title":"Mine"}"#),
                (.delete, "/api/v1/stage/series/\(demo.seriesID)", nil),
                (.get, "/api/v1/stage/talks/\(demo.talkID)", nil),
                (.get, "/api/v1/stage/talks/\(demo.talkID)/deck", nil),
                (.put, "/api/v1/stage/talks/\(demo.talkID)/arrangement", arrangement),
                (.put, "/api/v1/stage/talks/\(demo.talkID)/appeal", #"{"kind":"text"}"#),
                (.get, "/api/v1/stage/assets/\(asset)", nil),
                (.get, "/api/v1/stage/logs/\(logID)", nil),
                (.get, "/api/v1/stage/imports/\(importID)", nil),
                (.post, "/api/v1/stage/imports/\(importID)/cancel", nil),
                (.post, "/api/v1/stage/screen", #"{"talkId":"\#(demo.talkID)","slideId":"\#(deck[0]["id"]!)"}"#),
            ]
            for (method, path, body) in requests {
                let response = try await client.json(method, path, body: body, token: bob)
                #expect(response.status == .notFound, "\(method) \(path) answered \(response.status)")
            }
            #expect(try await client.json(.get, "/api/v1/stage/logs", token: bob).array.isEmpty)
            // Ann's things are untouched.
            #expect(try await client.json(.get, "/api/v1/stage/series/\(demo.seriesID)", token: ann).status == .ok)
            #expect(try await client.stageDeck(demo.talkID, token: ann).count == 5)
        }
    }

    // MARK: Arrangement and appeal

    @Test func aNewOrderWithHiddenSlidesIsSavedAndPresented() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            let demo = try await server.client.stageDemo(token: token)
            let talk = try await server.client.json(.get, "/api/v1/stage/talks/\(demo.talkID)", token: token)
            let slides = try #require(talk.object["slides"] as? [[String: Any]])
            #expect(slides.count == 8)
            let hide: Set<String> = ["Three questions", "Thank you"]
            let placements = slides.reversed().map { slide in
                #"{"id":"\#(slide["id"]!)","hidden":\#(hide.contains(slide["title"] as? String ?? ""))}"#
            }
            let saved = try await server.client.json(.put, "/api/v1/stage/talks/\(demo.talkID)/arrangement",
                                                     body: #"{"slides":[\#(placements.joined(separator: ","))]}"#, token: token)
            #expect(saved.status == .ok)
            #expect(saved.object["hiddenCount"] as? Int == 2)

            let reread = try #require(try await server.client.json(.get, "/api/v1/stage/talks/\(demo.talkID)", token: token)
                .object["slides"] as? [[String: Any]])
            #expect(reread.map { $0["id"] as? String } == slides.reversed().map { $0["id"] as? String })
            #expect(reread.filter { $0["hidden"] as? Bool == true }.map { $0["title"] as? String } == ["Thank you", "Three questions"])
            // The backup slide was listed without `hidden`, so it is shown now.
            let deck = try await server.client.stageDeck(demo.talkID, token: token)
            #expect(deck.map { $0["title"] as? String } == ["Appeal (vocal)", "Backup: statistics", "A new beginning", "Hope for Today"])
            #expect(deck.map { $0["number"] as? Int } == [1, 2, 3, 4])
        }
    }

    @Test func anArrangementThatLosesOrRepeatsASlideIsRefused() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            let demo = try await server.client.stageDemo(token: token)
            let ids = try #require(try await server.client.json(.get, "/api/v1/stage/talks/\(demo.talkID)", token: token)
                .object["slides"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            let path = "/api/v1/stage/talks/\(demo.talkID)/arrangement"
            func body(_ ids: [String]) -> String { #"{"slides":[\#(ids.map { #"{"id":"\#($0)"}"# }.joined(separator: ","))]}"# }

            let missing = try await server.client.json(.put, path, body: body(Array(ids.dropLast())), token: token)
            #expect(missing.status == .badRequest)
            #expect(missing.errorField == "slides")
            let repeated = try await server.client.json(.put, path, body: body(Array(ids.dropLast()) + [ids[0]]), token: token)
            #expect(repeated.status == .badRequest)
            #expect(repeated.errorField == "slides")
            let stranger = try await server.client.json(.put, path, body: body(Array(ids.dropLast()) + [UUID().uuidString]), token: token)
            #expect(stranger.errorField == "slides")
            #expect(try await server.client.json(.put, path, body: #"{"slides":["#, token: token).status == .badRequest)
            let wrongType = try await server.client.execute(
                uri: path, method: .put, headers: [.contentType: "text/plain", .authorization: "Bearer \(token)"],
                body: ByteBuffer(string: body(ids)))
            #expect(wrongType.status == .unsupportedMediaType)
            // Nothing changed: the demo still presents its five slides.
            #expect(try await server.client.stageDeck(demo.talkID, token: token).count == 5)
        }
    }

    @Test func theAppealChoiceChangesWhichAppealSlideIsPresented() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            let demo = try await server.client.stageDemo(token: token)
            let path = "/api/v1/stage/talks/\(demo.talkID)/appeal"
            let chosen = try await server.client.json(.put, path, body: #"{"kind":"text"}"#, token: token)
            #expect(chosen.status == .ok)
            #expect((chosen.object["appeal"] as? [String: Any])?["kind"] as? String == "text")
            var titles = try await server.client.stageDeck(demo.talkID, token: token).map { $0["title"] as? String }
            #expect(titles == ["Hope for Today", "A new beginning", "Three questions", "Appeal (text)", "Thank you"])

            try await server.client.json(.put, path, body: #"{"kind":"instrumental","song":"Amazing Grace"}"#, token: token)
            titles = try await server.client.stageDeck(demo.talkID, token: token).map { $0["title"] as? String }
            #expect(titles.contains("Appeal (instrumental)"))
            #expect(!titles.contains("Appeal (vocal)"))

            let badKind = try await server.client.json(.put, path, body: #"{"kind":"dance"}"#, token: token)
            #expect(badKind.status == .badRequest)
            #expect(badKind.errorField == "kind")
            let badSong = try await server.client.json(.put, path, body: #"{"kind":"vocal","song":"Yesterday"}"#, token: token)
            #expect(badSong.status == .badRequest)
            #expect(badSong.errorField == "song")
            #expect(badSong.errorMessage?.contains("Amazing Grace") == true)
        }
    }

    // MARK: Media

    @Test func aPictureIsServedWithRangesAndRevalidation() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            let demo = try await server.client.stageDemo(token: token)
            let media = try #require(try await server.client.stageDeck(demo.talkID, token: token)[0]["media"] as? String)

            let whole = try await server.client.json(.get, media, token: token)
            #expect(whole.status == .ok)
            #expect(whole.headers[.contentType] == "image/svg+xml")
            #expect(whole.text.hasPrefix("<svg"))
            let size = whole.body.readableBytes
            let etag = try #require(whole.headers[.eTag])

            let part = try await server.client.json(.get, media, token: token, headers: [.range: "bytes=0-9"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 0-9/\(size)")
            #expect(part.body.readableBytes == 10)
            #expect(part.text == String(whole.text.prefix(10)))

            let beyond = try await server.client.json(.get, media, token: token, headers: [.range: "bytes=999999-"])
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(beyond.headers[.contentRange] == "bytes */\(size)")

            let cached = try await server.client.json(.get, media, token: token, headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)
            #expect(cached.body.readableBytes == 0)
        }
    }

    @Test func aPairedDisplayCanLoadItsAccountsPictures() async throws {
        try await withTestServer { server in
            let client = server.client
            let ann = try await client.register(email: uniqueEmail("ann"))
            let demo = try await client.stageDemo(token: ann)
            let media = try #require(try await client.stageDeck(demo.talkID, token: ann)[1]["media"] as? String)
            let paired = try await client.pair(code: try await client.startPairing(token: ann).code, role: "display", name: "Hall screen")
            let display = try #require(paired.object["token"] as? String)
            let picture = try await client.json(.get, media, token: display)
            #expect(picture.status == .ok)
            #expect(picture.headers[.contentType] == "image/svg+xml")
            // A display of another account gets nothing.
            let bob = try await client.register(email: uniqueEmail("bob"))
            let bobsDisplay = try #require(try await client.pair(code: try await client.startPairing(token: bob).code, role: "display")
                .object["token"] as? String)
            #expect(try await client.json(.get, media, token: bobsDisplay).status == .notFound)
        }
    }

    // MARK: Audience screens

    @Test func theScreensFollowThePresenterWithOverlaysAndCaptions() async throws {
        try await withTestServer(live: true) { server in try await withDeadline {
            let account = try await LiveAccount.make(server.client)
            let client = server.client, token = account.personToken
            let demo = try await client.stageDemo(token: token)
            let deck = try await client.stageDeck(demo.talkID, token: token)
            let overlaySlide = try #require(PresentedSlide(deck.first { $0["title"] as? String == "A new beginning" }))
            let appealSlide = try #require(PresentedSlide(deck.first { $0["title"] as? String == "Appeal (vocal)" }))
            let talkID = demo.talkID, seriesID = demo.seriesID
            let show: @Sendable (PresentedSlide, Int?) async throws -> TestResponse = { slide, step in
                let stepField = step.map { #","step":\#($0)"# } ?? ""
                return try await client.json(.post, "/api/v1/stage/screen",
                    body: #"{"talkId":"\#(talkID)","slideId":"\#(slide.id)","number":\#(slide.number),"total":5\#(stepField)}"#,
                    token: token)
            }
            // Before anything is shown the screens are black.
            let black = try await client.json(.get, "/api/v1/stage/screen", token: token)
            #expect(black.object["blank"] as? Bool == true)
            #expect(black.object["slideId"] == nil)

            try await client.ws("/api/v1/live", configuration: socketConfiguration(token: account.deviceToken)) { inbound, outbound, _ in
                var display = LiveReader(inbound)
                _ = try await display.next(ofType: "hello")

                #expect(try await show(overlaySlide, nil).status == .ok)
                var screen = try await display.next(ofType: "stage.screen").data
                #expect((screen["slideId"] as? String)?.lowercased() == overlaySlide.id.lowercased())
                #expect(screen["media"] as? String == overlaySlide.media)
                #expect(screen["number"] as? Int == 2)
                #expect(screen["blank"] as? Bool == false)
                #expect((screen["overlays"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Every morning is a new beginning"])

                for (step, caption) in [(0, "Amazing grace, how sweet the sound"), (1, "That saved a wretch like me")] {
                    #expect(try await show(appealSlide, step).status == .ok)
                    screen = try await display.next(ofType: "stage.screen").data
                    #expect(screen["caption"] as? String == caption)
                }
                #expect(try await show(appealSlide, 2).status == .ok)
                screen = try await display.next(ofType: "stage.screen").data
                #expect(screen["caption"] == nil || screen["caption"] is NSNull)
                #expect(screen["media"] as? String == appealSlide.media)

                // Spanish slides: the same picture, the overlay's Spanish words.
                try await client.json(.patch, "/api/v1/stage/series/\(seriesID)", body: #"{"slideLanguage":"es"}"#, token: token)
                #expect(try await show(overlaySlide, nil).status == .ok)
                screen = try await display.next(ofType: "stage.screen").data
                #expect((screen["overlays"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Cada mañana es un nuevo comienzo"])
                #expect(screen["media"] as? String == overlaySlide.media)

                let ended = try await client.json(.post, "/api/v1/stage/screen", body: #"{"talkId":"\#(talkID)","ended":true}"#, token: token)
                #expect(ended.status == .ok)
                screen = try await display.next(ofType: "stage.screen").data
                #expect(screen["ended"] as? Bool == true)
                #expect(screen["media"] == nil)
                try await outbound.close(.normalClosure, reason: nil)
            }
            // A display that connects later asks for the latest state.
            let latest = try await client.json(.get, "/api/v1/stage/screen", token: account.deviceToken)
            #expect(latest.status == .ok)
            #expect(latest.object["ended"] as? Bool == true)
            #expect(latest.object["slideId"] == nil)
        } }
    }

    @Test func theScreenRefusesAStepOrSlideThatIsNotThere() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            let demo = try await server.client.stageDemo(token: token)
            let deck = try await server.client.stageDeck(demo.talkID, token: token)
            let appeal = try #require(deck.first { $0["title"] as? String == "Appeal (vocal)" })
            let plain = deck[0]
            func show(_ slideID: Any, step: Int) async throws -> TestResponse {
                try await server.client.json(.post, "/api/v1/stage/screen",
                    body: #"{"talkId":"\#(demo.talkID)","slideId":"\#(slideID)","step":\#(step)}"#, token: token)
            }
            #expect(try await show(appeal["id"]!, step: 2).status == .ok)
            #expect(try await show(appeal["id"]!, step: 3).errorField == "step")
            #expect(try await show(appeal["id"]!, step: -1).errorField == "step")
            #expect(try await show(plain["id"]!, step: 0).status == .ok)
            #expect(try await show(plain["id"]!, step: 1).errorField == "step")
            let stranger = try await show(UUID().uuidString, step: 0)
            #expect(stranger.status == .badRequest)
            #expect(stranger.errorField == "slideId")
            // The screen still shows the last slide that was accepted.
            let latest = try await server.client.json(.get, "/api/v1/stage/screen", token: token)
            #expect(latest.object["media"] as? String == plain["media"] as? String)
            #expect(latest.object["blank"] as? Bool == false)
        }
    }

    /// What a test needs of a presented slide, in a form a socket closure can capture.
    struct PresentedSlide: Sendable {
        let id: String
        let number: Int
        let media: String

        init?(_ entry: [String: Any]?) {
            guard let id = entry?["id"] as? String, let number = entry?["number"] as? Int, let media = entry?["media"] as? String else { return nil }
            (self.id, self.number, self.media) = (id, number, media)
        }
    }

    // MARK: Logs and preferences

    static func log(durationMs: Int, slide: Int = 1) -> String {
        #"{"talkTitle":"Hope for Today","startedAt":1800000000000,"durationMs":\#(durationMs),"entries":[{"slide":\#(slide),"enteredAt":1800000000000,"spentMs":60000}]}"#
    }

    @Test func onlyPresentationsOfTwentyMinutesOrMoreAreLogged() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            let short = try await server.client.json(.post, "/api/v1/stage/logs", body: Self.log(durationMs: 19 * 60_000 + 59_000), token: token)
            #expect(short.status == .ok)
            #expect(short.object["saved"] as? Bool == false)
            #expect(short.object["id"] == nil)

            let kept = try await server.client.json(.post, "/api/v1/stage/logs", body: Self.log(durationMs: 20 * 60_000), token: token)
            #expect(kept.status == .created)
            #expect(kept.object["saved"] as? Bool == true)
            let id = try #require(kept.object["id"] as? String)

            let listed = try await server.client.json(.get, "/api/v1/stage/logs", token: token).array
            #expect(listed.count == 1)
            #expect((listed.first?["id"] as? String)?.lowercased() == id.lowercased())
            #expect(listed.first?["durationMs"] as? Int == 1_200_000)
            #expect(listed.first?["slideCount"] as? Int == 1)

            let download = try await server.client.json(.get, "/api/v1/stage/logs/\(id)", token: token)
            #expect(download.status == .ok)
            #expect(download.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(download.headers[.contentDisposition]?.hasPrefix("attachment") == true)
            #expect(download.object["talkTitle"] as? String == "Hope for Today")
            #expect((download.object["entries"] as? [[String: Any]])?.first?["spentMs"] as? Int == 60000)

            let bad = try await server.client.json(.post, "/api/v1/stage/logs", body: Self.log(durationMs: 20 * 60_000, slide: 0), token: token)
            #expect(bad.status == .badRequest)
            #expect(bad.errorField == "entries[0]")
            #expect(try await server.client.json(.get, "/api/v1/stage/logs", token: token).array.count == 1)
        }
    }

    @Test func theAdvanceMethodIsRemembered() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            #expect(try await server.client.json(.get, "/api/v1/stage/preferences", token: token).object["advanceMethod"] as? String == "buttons")
            let saved = try await server.client.json(.put, "/api/v1/stage/preferences", body: #"{"advanceMethod":"swipe"}"#, token: token)
            #expect(saved.status == .ok)
            #expect(try await server.client.json(.get, "/api/v1/stage/preferences", token: token).object["advanceMethod"] as? String == "swipe")
            let refused = try await server.client.json(.put, "/api/v1/stage/preferences", body: #"{"advanceMethod":"fly"}"#, token: token)
            #expect(refused.status == .badRequest)
            #expect(refused.errorField == "advanceMethod")
            #expect(try await server.client.json(.get, "/api/v1/stage/preferences", token: token).object["advanceMethod"] as? String == "swipe")
        }
    }

    @Test func openingADeckRemembersTheTalkWithoutForgettingTheAdvanceMethod() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            try await server.client.json(.put, "/api/v1/stage/preferences", body: #"{"advanceMethod":"tap-sides"}"#, token: token)
            let demo = try await server.client.stageDemo(token: token)
            _ = try await server.client.stageDeck(demo.talkID, token: token)
            let preferences = try await server.client.json(.get, "/api/v1/stage/preferences", token: token).object
            #expect(preferences["advanceMethod"] as? String == "tap-sides")
            #expect((preferences["lastTalkId"] as? String)?.lowercased() == demo.talkID.lowercased())
            // Saving preferences before the first visit does not make a second demo later.
            #expect(try await server.client.json(.get, "/api/v1/stage/series", token: token).array.count == 1)
        }
    }

    // MARK: Deleting

    @Test func deletingASeriesRemovesItsTalksAndFiles() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("stage"))
            let demo = try await server.client.stageDemo(token: token)
            let deck = try await server.client.stageDeck(demo.talkID, token: token)
            let assets = Set(deck.compactMap { assetID($0["media"]) })
            let before = try await server.storedFiles("stage", token: token)
            #expect(assets.allSatisfy { id in before.contains { $0.hasPrefix(id) } })

            let deleted = try await server.client.json(.delete, "/api/v1/stage/series/\(demo.seriesID)", token: token)
            #expect(deleted.status == .noContent)
            let after = try await server.storedFiles("stage", token: token)
            #expect(assets.allSatisfy { id in !after.contains { $0.hasPrefix(id) } })
            #expect(after.isEmpty)
            #expect(try await server.client.json(.get, "/api/v1/stage/talks/\(demo.talkID)", token: token).status == .notFound)
            #expect(try await server.client.json(.get, "/api/v1/stage/assets/\(assets.first!)", token: token).status == .notFound)
            #expect(try await server.client.json(.delete, "/api/v1/stage/series/\(demo.seriesID)", token: token).status == .notFound)
        }
    }
}
