import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// An iCalendar import speaks the asker's language (issue 23): each warning's `reasonText` and a refused file's
/// `message` are said in Spanish, from the browser's Accept-Language or the account's setting, while `reason`, `code`
/// and `field` stay what programs read. English reads as it always did.
@Suite(.timeLimit(.minutes(5))) struct SpotsICalendarLanguageTests {
    /// As Thunderbird writes tasks, with a few lines gone wrong on the way.
    static let file = [
        "BEGIN:VCALENDAR",
        "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
        "VERSION:2.0",
        "BEGIN:VTODO",
        "CREATED:20260301T101500Z",
        "DTSTAMP:20260301T101500Z",
        "UID:3f1a6c1e-8d1b-4b7e-9d52-0c1f2a3b4c5d",
        "SUMMARY:Pagar el alquiler",
        "DUE:2026-03-05",
        "PERCENT_COMPLETE:100",
        "GEO:somewhere",
        "END:VTODO",
        "BEGIN:VTODO",
        "UID:7a2b9c3d-1e4f-4a5b-8c6d-7e8f9a0b1c2d",
        "SUMMARY:Regar las plantas",
        "DUE;TZID=Atlantis/Capital:20260305T090000",
        "END:VTODO",
        "BEGIN:VTODO",
        "UID:0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
        "SUMMARY:Llamar\u{0}a mamá",
        "END:VTODO",
        "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    static let english = [
        9: "DUE value '2026-03-05' is not a date. Write it like 20240305T090000Z. The line was skipped.",
        10: "'PERCENT_COMPLETE:100' is not a property: a property name has only letters, digits and '-'. The line was skipped.",
        11: "GEO value 'somewhere' is not a position; write it like 52.52;13.405 (latitude;longitude). The line was kept as it is; the task has no place from it.",
        16: "DUE uses time zone 'Atlantis/Capital', which the file does not define (no VTIMEZONE with that TZID). The line was skipped.",
        18: "The task 'Llamar\u{0}a mamá' was skipped: A reminder title cannot contain a NUL character (U+0000).",
    ]

    static let spanish = [
        9: "El valor de DUE «2026-03-05» no es una fecha. Escríbelo como 20240305T090000Z. Se omitió la línea.",
        10: "«PERCENT_COMPLETE:100» no es una propiedad: el nombre de una propiedad solo tiene letras, cifras y «-». Se omitió la línea.",
        11: "El valor de GEO «somewhere» no es una posición; escríbelo como 52.52;13.405 (latitud;longitud). La línea se conservó tal cual; la tarea queda sin lugar.",
        16: "DUE usa la zona horaria «Atlantis/Capital», que el archivo no define (no hay ningún VTIMEZONE con ese TZID). Se omitió la línea.",
        18: "Se omitió la tarea «Llamar\u{0}a mamá»: El título de un recordatorio no puede contener un carácter NUL (U+0000).",
    ]

    static func importing(_ client: some TestClientProtocol, _ text: String, token: String, language: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "text/calendar; charset=utf-8", .authorization: "Bearer \(token)"]
        if let language { headers[.acceptLanguage] = language }
        return try await client.execute(uri: "/api/v1/spots/import?tz=Europe/Madrid", method: .post, headers: headers,
                                        body: ByteBuffer(string: text))
    }

    static func warnings(_ response: TestResponse) throws -> [Int: (reason: String, text: String)] {
        let list = try #require(response.object["warnings"] as? [[String: Any]], "\(response.text)")
        var found: [Int: (reason: String, text: String)] = [:]
        for warning in list {
            let line = try #require(warning["line"] as? Int)
            found[line] = (try #require(warning["reason"] as? String), try #require(warning["reasonText"] as? String))
        }
        return found
    }

    @Test func theWarningsAreSaidInTheBrowsersLanguage() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("ics-es"))
            let response = try await Self.importing(server.client, Self.file, token: token, language: "es-ES,es;q=0.9,en;q=0.5")
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.object["imported"] as? Int == 2)
            #expect(response.object["warningCount"] as? Int == 5)
            let warnings = try Self.warnings(response)
            #expect(warnings.keys.sorted() == Self.english.keys.sorted(), "\(response.text)")
            for (line, english) in Self.english {
                #expect(warnings[line]?.reason == english, "line \(line)")
                #expect(warnings[line]?.text == Self.spanish[line], "line \(line)")
            }
        }
    }

    @Test func anEnglishImportReadsAsItAlwaysDid() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("ics-en"))
            let response = try await Self.importing(server.client, Self.file, token: token)
            #expect(response.status == .ok, "\(response.text)")
            let warnings = try Self.warnings(response)
            for (line, english) in Self.english {
                #expect(warnings[line]?.reason == english && warnings[line]?.text == english, "line \(line)")
            }
            let refused = try await Self.importing(server.client, "Hello, this is a shopping list.\n", token: token)
            #expect(refused.errorMessage == "Line 1: The file does not start with BEGIN:VCALENDAR, so it is not an iCalendar (.ics) file.")
        }
    }

    @Test func aSpanishAccountIsToldWhyAFileIsRefusedInSpanish() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("ics-refused-es"))
            #expect(try await client.json(.patch, "/api/v1/account", body: #"{"language":"es"}"#, token: token).status == .ok)

            let cut = try await Self.importing(client, Self.file.replacingOccurrences(of: "END:VTODO\r\nEND:VCALENDAR", with: "END:VCALENDAR"),
                                               token: token, language: "en")
            #expect(cut.status == .unprocessableContent, "\(cut.text)")
            #expect(cut.errorCode == "invalid_calendar" && cut.errorField == "file")
            #expect(cut.errorMessage == "Línea 21: END:VCALENDAR no corresponde a BEGIN:VTODO de la línea 18.", "\(cut.text)")

            let list = try await Self.importing(client, "Hello, this is a shopping list.\n", token: token)
            #expect(list.errorCode == "invalid_calendar")
            #expect(list.errorMessage == "Línea 1: El archivo no empieza por BEGIN:VCALENDAR, así que no es un archivo iCalendar (.ics).")

            let empty = try await Self.importing(client, "", token: token)
            #expect(empty.errorMessage == "El archivo está vacío; un archivo iCalendar empieza por BEGIN:VCALENDAR.", "\(empty.text)")

            // The account's language wins over the browser's for the warnings too.
            let warned = try await Self.importing(client, Self.file, token: token, language: "en")
            #expect(try Self.warnings(warned)[10]?.text == Self.spanish[10])
        }
    }
}
