import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TestSupport

/// `GET /api/v1/stage/talks/{id}/handout.pdf` and `POST …/handout/email`: the presented slides
/// with their notes as a real PDF (its text read back with pdftotext).
@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(PDFText.available), "poppler-utils (pdftotext) is not installed"))
struct StageHandoutAPITests {
    @Test func theDemoHandoutHasTheNotesOfThePresentedSlidesInTheChosenLanguage() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("handout"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let english = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf", token: token)
            #expect(english.status == .ok)
            #expect(english.headers[.contentType] == "application/pdf")
            #expect(english.headers[.contentDisposition]?.contains("hope-for-today-handout.pdf") == true)
            // Lines wrap wherever the embedded font's widths put the break: compare with whitespace flattened.
            let text = try PDFText.of(Data(buffer: english.body)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("Hope for Today"))
            #expect(text.contains("Welcome everyone, and thank you for coming tonight."))
            #expect(text.contains("Close with the date and place of the next meeting."))
            #expect(!text.contains("A backup slide"), "a hidden slide is not presented, so not in the handout")
            #expect(text.contains("Amazing grace, how sweet the sound"), "the chosen appeal's notes, without caption markers")
            #expect(!text.contains("<C>"))
            #expect(text.contains("1 / "), "page numbers")

            let spanish = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf?notesLanguage=es&paper=letter", token: token)
            let spanishText = try PDFText.of(Data(buffer: spanish.body)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(spanishText.contains("Bienvenidos a todos, y gracias por venir esta noche."))
            #expect(spanishText.contains("Preséntese"))
        }
    }

    /// The seam: notes typed in eight scripts through the notes API come back from the downloaded handout as the same
    /// text (pdftotext reads the embedded fonts' ToUnicode maps), with no "?"; a character no installed font has is
    /// printed as its code point and named in a header.
    @Test func notesInEveryScriptComeBackFromTheHandout() async throws {
        let greetings = ["Καλημέρα κόσμε", "Привет, мир", "مرحبا بالعالم", "שלום עולם", "你好，世界", "こんにちは世界", "नमस्ते दुनिया", "สวัสดีชาวโลก"]
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("handout"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            let first = try #require(StageVariationsAPITests.slideIDs(talk).first)
            let text = (greetings + ["Missing: \u{1FAE8}"]).joined(separator: "\n\n")
            let body = try String(decoding: JSONSerialization.data(withJSONObject: [
                "revision": StageVariationsAPITests.revision(talk), "text": text]), as: UTF8.self)
            let saved = try await StageNotesAPITests.put(client, talkID, talkID, first, body, token: token)
            #expect(saved.status == .ok, "\(saved.text)")

            let handout = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf", token: token)
            #expect(handout.status == .ok)
            // Right-to-left lines come back in reading order inside direction marks (U+202B…U+202C).
            let read = try PDFText.of(Data(buffer: handout.body))
                .filter { !["\u{202B}", "\u{202C}"].contains($0) }
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for greeting in greetings {
                #expect(read.contains(greeting), "\(greeting) is not in the handout's text: \(read.prefix(400))")
            }
            #expect(read.contains("Missing: [U+1FAE8]"))
            // (The demo's own notes ask questions: only this slide's text must have no "?".)
            let typed = try #require(read.range(of: "Καλημέρα").map { read[$0.lowerBound...] }?.components(separatedBy: "Missing:").first)
            #expect(!typed.contains("?"))
            #expect(handout.headers[.init("Cadence-Missing-Characters")!] == "U+1FAE8")
        }
    }

    @Test func importedPicturesAreInTheHandout() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("handout"))
            let deck = StageFixtures.zip([("1.png", StageFixtures.png(width: 64, height: 36)), ("2.png", StageFixtures.png(width: 64, height: 36))])
            let job = try await client.stageImport(deck, query: "filename=week.zip", token: token)
            let talkID = try #require(job["talkId"] as? String)
            let response = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf", token: token)
            #expect(response.status == .ok)
            let pdf = Data(buffer: response.body)
            #expect(String(decoding: pdf, as: UTF8.self).components(separatedBy: "/Subtype /Image").count - 1 == 2, "one picture per slide")
            #expect(try PDFText.of(pdf).contains("2 slides"))
        }
    }

    @Test func badRequestsAreRefusedAndOthersTalksAreNotFound() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("handout"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let french = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf?notesLanguage=fr", token: token)
            #expect(french.status == .badRequest)
            #expect(french.errorField == "notesLanguage")
            #expect(try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf?paper=a3", token: token).errorField == "paper")
            let other = try await client.register(email: uniqueEmail("handout"))
            #expect(try await client.json(.get, "/api/v1/stage/talks/\(talkID)/handout.pdf", token: other).status == .notFound)
            #expect(try await client.json(.post, "/api/v1/stage/talks/\(talkID)/handout/email", token: other).status == .notFound)
        }
    }

    @Test func theHandoutIsEmailedToTheAccountsOwnAddress() async throws {
        try await withTestServer { server in
            let client = server.client
            let email = uniqueEmail("handout")
            let token = try await client.register(email: email)
            let (_, talkID) = try await client.stageDemo(token: token)
            let sent = try await client.json(.post, "/api/v1/stage/talks/\(talkID)/handout/email", token: token)
            #expect(sent.status == .accepted)
            #expect(sent.object["sentTo"] as? String == email)
            let message = try #require(server.mailer.sent.last)
            #expect(message.to == email)
            #expect(message.attachments.first?.contentType == "application/pdf")
            let attached = try #require(message.attachments.first?.data)
            #expect(try PDFText.of(attached).contains("Welcome everyone"))
        }
    }
}

/// pdftotext (poppler-utils), for reading a PDF's text back.
enum PDFText {
    static let tool = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { tool != nil }

    static func of(_ pdf: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("handout-\(UUID().uuidString).pdf")
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool!)
        process.arguments = ["-enc", "UTF-8", file.path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
