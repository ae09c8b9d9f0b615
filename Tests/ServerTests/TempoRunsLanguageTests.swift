import CadenceCore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PlatformStorage
import Testing

/// Tempo's run pages in Spanish and in the account's units (issue 23): `Accept-Language: es` gives Spanish pages with
/// a decimal comma, an account in imperial units sees miles and paces per mile while the files and the API stay in
/// metres, and a refused sample says why in the request's language with the same code and field.
@Suite(.timeLimit(.minutes(5))) struct TempoRunsLanguageTests {
    static func page(_ server: TestServer, _ uri: String, token: String, language: String = "en") async throws -> String {
        let response = try await server.client.execute(
            uri: uri, method: .get, headers: [.cookie: "cadence_session=\(token)", .accept: "text/html", .acceptLanguage: language])
        #expect(response.status == .ok, "\(uri)")
        return response.text
    }

    /// A run of 10,000 m northward at 5:00 a kilometre (0.00003° of latitude, 3.3359 m, a second), finished.
    static func tenKilometres(_ client: some TestClientProtocol, token: String) async throws -> UUID {
        let id = UUID()
        let start = TempoRunsAPITests.start
        _ = try await client.json(.post, "/api/v1/tempo/runs", body: TempoRunsAPITests.newRun(id, extra: #", "name": "Ten""#), token: token)
        let samples = (0..<2999).map { i in #"{"t": \#(start + Int64(i) * 1000), "lat": \#(45 + Double(i) * 0.00003), "lon": 7}"# }
        let sent = try await client.json(.post, "/api/v1/tempo/runs/\(id)/samples",
                                         body: #"{"samples": [\#(samples.joined(separator: ", "))]}"#, token: token)
        #expect(sent.status == .ok, "\(sent.text)")
        let ended = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(start + 2_998_000) / 1000))
        #expect(try await client.json(.post, "/api/v1/tempo/runs/\(id)/finish", body: #"{"endedAt": "\#(ended)"}"#, token: token).status == .ok)
        return id
    }

    @Test func theRunPagesAreInSpanishWithADecimalComma() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("runs-es"))
            let runs = try await Self.page(server, "/phone/tempo/runs", token: token, language: "es-ES,es;q=0.9")
            #expect(runs.contains(#"<html lang="es">"#))
            #expect(runs.contains("<title>Carreras · Cadence</title>"))
            for words in ["<h1>Carreras</h1>", "Empezar a correr", "Progreso", "Mejores marcas", "Importar una carrera", "Archivo GPX o TCX",
                          "Tu perfil", "Peso (kg)", "Guardar perfil", "Hasta 67,1 MB.", #"data-units="metric""#, #""js.tempo.run.list.none":"Aún no hay carreras"#] {
                #expect(runs.contains(words), "\(words)")
            }
            for english in ["Import a run", "Your profile", "Personal bests", "Save profile"] { #expect(!runs.contains(english), "\(english)") }

            let live = try await Self.page(server, "/phone/tempo/run", token: token, language: "es")
            #expect(live.contains(#"<html lang="es">"#))
            for words in ["Antes de salir", "Simular un corredor", "Ritmo (min:s por km)", #"id="run-distance">0,00 km<"#] {
                #expect(live.contains(words), "\(words)")
            }
            let id = try await Self.tenKilometres(server.client, token: token)
            let run = try await Self.page(server, "/phone/tempo/runs/\(id)", token: token, language: "es")
            #expect(run.contains("<title>Carrera · Cadence</title>"))
            for words in ["Resumen", "Parciales", "Exportar GPX", "Eliminar carrera", "¿Eliminar esta carrera y todas sus muestras?"] {
                #expect(run.contains(words), "\(words)")
            }

            // The same pages in English are as they were.
            let english = try await Self.page(server, "/phone/tempo/runs", token: token, language: "en")
            #expect(english.contains(#"<html lang="en">"#) && english.contains("<h1>Runs</h1>") && english.contains("Weight (kg)"))
            #expect(english.contains("Up to 67.1 MB. The same file imported twice is one run."))
            let englishLive = try await Self.page(server, "/phone/tempo/run", token: token)
            #expect(englishLive.contains(#"id="run-distance">0.00 km<"#) && englishLive.contains("Pace (min:s per km)"))
        }
    }

    @Test func anImperialAccountSeesMilesWhileItsFilesStayInMetres() async throws {
        try await withTestServer { server in
            let email = uniqueEmail("runs-mi")
            let token = try await server.client.register(email: email)
            let id = try await Self.tenKilometres(server.client, token: token)
            let gpxBefore = try await server.client.execute(uri: "/api/v1/tempo/runs/\(id)/export.gpx", method: .get,
                                                            headers: [.authorization: "Bearer \(token)"])
            #expect(gpxBefore.status == .ok)
            let detailsBefore = try await server.client.json(.get, "/api/v1/tempo/runs/\(id)", token: token).object
            let summary = try #require(detailsBefore["summary"] as? [String: Any])
            let metres = try #require(summary["distance"] as? Double)
            #expect(abs(metres - 10_000) < 5, "\(metres)")

            // Imperial units, set as the account page will; a new sign-in reads them (this one's cache would too).
            let accounts = SQLAccountRepository(database: server.database)
            let account = try #require(try await accounts.credentials(email: email)?.account)
            try await accounts.setPreferences(language: nil, units: .imperial, for: account.id)
            let signedIn = try await server.client.login(email: email, password: "correct horse battery")
            let imperial = try #require(signedIn.object["token"] as? String)

            let runs = try await Self.page(server, "/phone/tempo/runs", token: imperial)
            #expect(runs.contains(#"data-units="imperial""#))
            #expect(runs.contains("Weight (lb)") && runs.contains(#"min="44" max="882""#))
            let run = try await Self.page(server, "/phone/tempo/runs/\(id)", token: imperial)
            #expect(run.contains(#"data-units="imperial""#))
            let live = try await Self.page(server, "/phone/tempo/run", token: imperial, language: "es")
            #expect(live.contains(#"id="run-distance">0,00 mi<"#) && live.contains("Ritmo (min:s por mi)"))
            // The phone's home card: 10,000 m is 6.21 miles.
            let home = try await Self.page(server, "/phone", token: imperial)
            #expect(home.contains("6.21 mi"), "\(home)")
            #expect(!home.contains("10.00 km"))

            // Files and the API stay in SI.
            let gpxAfter = try await server.client.execute(uri: "/api/v1/tempo/runs/\(id)/export.gpx", method: .get,
                                                           headers: [.authorization: "Bearer \(imperial)"])
            #expect(gpxAfter.status == .ok)
            #expect(gpxAfter.text == gpxBefore.text)
            let detailsAfter = try await server.client.json(.get, "/api/v1/tempo/runs/\(id)", token: imperial).object
            #expect((detailsAfter["summary"] as? [String: Any])?["distance"] as? Double == metres)
            let list = try await server.client.json(.get, "/api/v1/tempo/runs", token: imperial).array
            // (The list reads the stored column, a single-precision REAL on PostgreSQL: metres, to the centimetre.)
            #expect(abs((list.first?["distanceMeters"] as? Double ?? 0) - metres) < 0.01)
        }
    }

    /// The refusal's message follows the language; its code and field never do.
    @Test(arguments: [
        (#"{"samples": [{"t": 1799996400000, "hr": -3}]}"#, "samples[0].hr",
         "samples[0].hr is heart rate in beats per minute, between 0 and 300.",
         "samples[0].hr es la frecuencia cardiaca en pulsaciones por minuto, entre 0 y 300."),
        (#"{"samples": [{"t": 1799996400000, "lat": 45}]}"#, "samples[0].lon", "A position needs both lat and lon.",
         "Una posición necesita lat y lon."),
        (#"{"samples": [{"t": 1900000000000}]}"#, "samples[0].t",
         "A sample's time is milliseconds since 1970, after 2000 and not ahead of now.",
         "La hora de una muestra son milisegundos desde 1970, posterior a 2000 y no adelantada a ahora."),
    ])
    func aRefusedSampleSaysWhyInTheRequestsLanguage(body: String, field: String, english: String, spanish: String) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("runs-es"))
            let id = UUID()
            _ = try await server.client.json(.post, "/api/v1/tempo/runs", body: TempoRunsAPITests.newRun(id), token: token)
            let inEnglish = try await server.client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: body, token: token)
            let inSpanish = try await server.client.json(.post, "/api/v1/tempo/runs/\(id)/samples", body: body, token: token,
                                                         headers: [.acceptLanguage: "es"])
            for response in [inEnglish, inSpanish] {
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "invalid_field")
                #expect(response.errorField == field)
            }
            #expect(inEnglish.errorMessage == english)
            #expect(inSpanish.errorMessage == spanish)
        }
    }

    @Test func aRefusedImportAndProfileAreInSpanish() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("runs-es"))
            let refused = try await server.client.execute(
                uri: "/api/v1/tempo/runs/import", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/gpx+xml", .acceptLanguage: "es"],
                body: ByteBuffer(string: "{}"))
            #expect(refused.status == .badRequest)
            #expect(refused.errorField == "file")
            #expect(refused.errorMessage == "El archivo no es XML (se esperaba un archivo GPX o TCX).", "\(refused.text)")
            // A route file: the detail inside the sentence is Spanish too; the English is the same sentence word for word.
            let route = #"<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"/></gpx>"#
            for (language, expected) in [("es", "No hay ningún track en el archivo: el archivo solo tiene 0 ruta(s) y 1 punto(s) de paso, no un track grabado."),
                                         ("en", "No track in the file: the file has only 0 route(s) and 1 waypoint(s), not a recorded track.")] {
                let routeOnly = try await server.client.execute(
                    uri: "/api/v1/tempo/runs/import", method: .post,
                    headers: [.authorization: "Bearer \(token)", .contentType: "application/gpx+xml", .acceptLanguage: language],
                    body: ByteBuffer(string: route))
                #expect(routeOnly.status == .badRequest && routeOnly.errorField == "file")
                #expect(routeOnly.errorMessage == expected, "\(routeOnly.text)")
            }
            let profile = try await server.client.json(.put, "/api/v1/tempo/profile", body: #"{"weightKg": 5}"#, token: token,
                                                       headers: [.acceptLanguage: "es"])
            #expect(profile.errorField == "weightKg")
            #expect(profile.errorMessage == "weightKg es tu peso en kilos, entre 20 y 400.")
        }
    }
}
