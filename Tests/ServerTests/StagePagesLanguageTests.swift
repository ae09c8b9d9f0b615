import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TestSupport

/// Stage in the person's language (issue 23) while slides and notes stay content in their own languages (seed 002):
/// the interface's language, the slides' and the notes' are three independent choices, and every slide and note
/// element says its language with `lang`.
@Suite(.timeLimit(.minutes(5))) struct StagePagesLanguageTests {
    static func page(_ client: some TestClientProtocol, _ uri: String, token: String, language: String? = nil) async throws -> String {
        var headers: HTTPFields = [.cookie: "cadence_session=\(token)", .accept: "text/html"]
        if let language { headers[.acceptLanguage] = language }
        let response = try await client.execute(uri: uri, method: .get, headers: headers)
        guard response.status == .ok else { throw TestFailure("\(uri): \(response.status) \(response.text)") }
        return response.text
    }

    static func chooseLanguages(_ client: some TestClientProtocol, series: String, token: String, _ body: String) async throws {
        let response = try await client.json(.patch, "/api/v1/stage/series/\(series)", body: body, token: token)
        guard response.status == .ok else { throw TestFailure("languages: \(response.status) \(response.text)") }
    }

    /// The `lang` of the element with `id`, read from its start tag.
    static func lang(of id: String, in page: String) -> String? {
        guard let start = page.range(of: #"id="\#(id)""#) else { return nil }
        let tagStart = page[..<start.lowerBound].lastIndex(of: "<") ?? start.lowerBound
        let tag = page[tagStart...].prefix { $0 != ">" }
        guard let lang = tag.range(of: #" lang=""#) else { return nil }
        return String(tag[lang.upperBound...].prefix { $0 != "\"" })
    }

    static func selected(_ id: String, in page: String) -> String? {
        guard let start = page.range(of: #"<select id="\#(id)""#), let end = page[start.upperBound...].range(of: "</select>") else { return nil }
        let options = page[start.upperBound..<end.lowerBound]
        guard let chosen = options.range(of: " selected>") else { return nil }
        let before = options[..<chosen.lowerBound]
        guard let value = before.range(of: #"value=""#, options: .backwards) else { return nil }
        return String(before[value.upperBound...].prefix { $0 != "\"" })
    }

    @Test func aStagePageAskedForInSpanishIsSpanishWhileSlidesAndNotesKeepTheirOwnLanguages() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("stage-es"))
            let (seriesID, talkID) = try await client.stageDemo(token: token)
            try await Self.chooseLanguages(client, series: seriesID, token: token, #"{"slideLanguage":"en","notesLanguage":"es"}"#)

            let presenter = try await Self.page(client, "/phone/stage/talks/\(talkID)", token: token, language: "es-ES,es;q=0.9")
            #expect(presenter.contains(#"<html lang="es">"#))
            #expect(presenter.contains("Diapositiva actual") && presenter.contains("Herramientas del presentador"))
            #expect(!presenter.contains("Current slide") && !presenter.contains("Loading the talk"))
            #expect(Self.lang(of: "current-frame", in: presenter) == "en", "the slide's words are English")
            #expect(Self.lang(of: "strip", in: presenter) == "en")
            #expect(Self.lang(of: "notes", in: presenter) == "es", "the notes are Spanish")
            #expect(presenter.contains(#"<option value="en" lang="en">English</option>"#), "the interface languages by their own names")

            let editor = try await Self.page(client, "/phone/stage/talks/\(talkID)/edit", token: token, language: "es")
            #expect(editor.contains(#"<html lang="es">"#) && editor.contains("Deshacer"))
            #expect(Self.lang(of: "notes-editor", in: editor) == "es")
            #expect(Self.lang(of: "slides", in: editor) == "en")

            for uri in ["/phone/stage", "/phone/stage/series", "/phone/stage/series/\(seriesID)", "/phone/stage/settings",
                        "/phone/stage/import", "/phone/stage/packages", "/phone/stage/catalogue"] {
                let page = try await Self.page(client, uri, token: token, language: "es")
                #expect(page.contains(#"<html lang="es">"#), "\(uri)")
                #expect(!page.contains("⟦?"), "\(uri) uses a key the catalogue lacks")
            }
            let home = try await Self.page(client, "/phone/stage", token: token, language: "es")
            #expect(home.contains("Cargar charla") && home.contains("<strong>/display</strong>"))
            let picker = try await Self.page(client, "/phone/stage/series/\(seriesID)", token: token, language: "es")
            #expect(picker.contains("Diapositivas en inglés · notas en español"), "\(picker)")

            // English stays today's text.
            let english = try await Self.page(client, "/phone/stage/talks/\(talkID)", token: token)
            #expect(english.contains(#"<html lang="en">"#) && english.contains("Current slide") && english.contains("Loading the talk…"))
            #expect(Self.lang(of: "notes", in: english) == "es")
            let englishPicker = try await Self.page(client, "/phone/stage/series/\(seriesID)", token: token)
            #expect(englishPicker.contains("Slides in English · notes in Spanish"))
        }
    }

    @Test func theThreeLanguageChoicesOfThePresenterAreIndependent() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("stage-three"))
            let (seriesID, talkID) = try await client.stageDemo(token: token)
            try await Self.chooseLanguages(client, series: seriesID, token: token, #"{"slideLanguage":"en","notesLanguage":"en"}"#)
            let uri = "/phone/stage/talks/\(talkID)"
            func state(_ interface: String) async throws -> (app: String?, slides: String?, notes: String?, html: Bool) {
                let page = try await Self.page(client, uri, token: token, language: interface)
                #expect(Self.selected("slide-language", in: page) == Self.lang(of: "current-frame", in: page))
                #expect(Self.selected("notes-language", in: page) == Self.lang(of: "notes", in: page))
                return (Self.selected("app-language", in: page), Self.lang(of: "current-frame", in: page), Self.lang(of: "notes", in: page),
                        page.contains(#"<html lang="\#(interface)">"#))
            }
            var now = try await state("en")
            #expect(now.app == "en" && now.slides == "en" && now.notes == "en" && now.html)

            // The slides' language: the interface and the notes stay.
            try await Self.chooseLanguages(client, series: seriesID, token: token, #"{"slideLanguage":"es"}"#)
            now = try await state("en")
            #expect(now.app == "en" && now.slides == "es" && now.notes == "en" && now.html)

            // The notes' language: the interface and the slides stay.
            try await Self.chooseLanguages(client, series: seriesID, token: token, #"{"notesLanguage":"es"}"#)
            now = try await state("en")
            #expect(now.app == "en" && now.slides == "es" && now.notes == "es" && now.html)
            try await Self.chooseLanguages(client, series: seriesID, token: token, #"{"slideLanguage":"en"}"#)
            now = try await state("en")
            #expect(now.app == "en" && now.slides == "en" && now.notes == "es" && now.html)

            // The interface's: the slides and the notes stay (and the deck the presenter loads too).
            let deckBefore = try await client.stageDeck(talkID, token: token).map { $0["notes"] as? String }
            now = try await state("es")
            #expect(now.app == "es" && now.slides == "en" && now.notes == "es" && now.html)
            let deckAfter = try await client.stageDeck(talkID, token: token).map { $0["notes"] as? String }
            #expect(deckBefore == deckAfter)

            // The account's own setting (what the presenter's interface choice saves), when the server has it.
            let saved = try await client.json(.patch, "/api/v1/account", body: #"{"language":"es"}"#, token: token)
            if saved.status == .ok {
                now = try await state("es")
                let page = try await Self.page(client, uri, token: token, language: "en")
                #expect(page.contains(#"<html lang="es">"#), "the account's choice wins over the browser's")
                #expect(Self.lang(of: "current-frame", in: page) == "en" && Self.lang(of: "notes", in: page) == "es")
            }
        }
    }

    @Test func overlaysAndScreensSayTheLanguageOfTheirWords() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("stage-lang"))
            let (seriesID, talkID) = try await client.stageDemo(token: token)
            try await Self.chooseLanguages(client, series: seriesID, token: token, #"{"slideLanguage":"es","notesLanguage":"en"}"#)
            let deck = try await client.stageDeck(talkID, token: token)
            let overlays = deck.flatMap { $0["overlays"] as? [[String: Any]] ?? [] }
            #expect(!overlays.isEmpty)
            #expect(overlays.contains { $0["language"] as? String == "es" })
            let slide = try #require(deck.first)
            let shown = try await client.json(.post, "/api/v1/stage/screen",
                                              body: #"{"talkId":"\#(talkID)","slideId":"\#(slide["id"] as! String)","number":1,"total":\#(deck.count)}"#,
                                              token: token)
            #expect(shown.status.code < 300, "\(shown.text)")
            let screen = try await client.json(.get, "/api/v1/stage/screen", token: token).object
            #expect(screen["slideLanguage"] as? String == "es")
            #expect(screen["notesLanguage"] as? String == "en")
        }
    }
}

/// The handout's own words ("Slide", "slides", "continued") come from the catalogue of its notes' language, or the
/// interface's when that language has none.
@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(PDFText.available), "poppler-utils (pdftotext) is not installed"))
struct StageHandoutLanguageTests {
    @Test func theHandoutsLabelsAreInItsNotesLanguage() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("handout-es"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let spanish = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf?notesLanguage=es", token: token)
            let spanishText = try PDFText.of(Data(buffer: spanish.body))
            #expect(spanishText.contains("Diapositiva 1"), "\(spanishText)")
            #expect(spanishText.contains("notas en español"))
            #expect(!spanishText.contains("Slide 1"))
            let english = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf?notesLanguage=en", token: token,
                                                headers: [.acceptLanguage: "es"])
            let englishText = try PDFText.of(Data(buffer: english.body))
            #expect(englishText.contains("Slide 1") && englishText.contains("notes in English"), "English notes, English labels")
            #expect(!englishText.contains("Diapositiva"))
        }
    }

    @Test func notesInALanguageWithoutACatalogueGetTheInterfacesLabels() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("handout-pt"))
            let created = try await client.json(.post, "/api/v1/stage/series",
                                                body: #"{"title":"Semana","slideLanguages":["pt"],"notesLanguages":["pt"]}"#, token: token)
            let seriesID = try #require(created.object["id"] as? String)
            let deck = StageFixtures.zip([("1.png", StageFixtures.png(width: 64, height: 36)), ("2.png", StageFixtures.png(width: 64, height: 36))])
            let job = try await client.stageImport(deck, query: "filename=semana.zip&seriesId=\(seriesID)", token: token)
            let talkID = try #require(job["talkId"] as? String)
            let spanish = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf", token: token, headers: [.acceptLanguage: "es"])
            let text = try PDFText.of(Data(buffer: spanish.body))
            #expect(text.contains("2 diapositivas") && text.contains("Diapositiva 2"), "\(text)")
            let english = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf", token: token)
            #expect(try PDFText.of(Data(buffer: english.body)).contains("2 slides"))
        }
    }
}
