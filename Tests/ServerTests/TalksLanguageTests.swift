import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The Talks pages and refusals in Spanish (issue 23): `Accept-Language: es` gives Spanish words around the
/// person's own (a talk's title and keywords stay as typed), and an API refusal keeps its `code` and `field`.
@Suite(.timeLimit(.minutes(5))) struct TalksLanguageTests {
    static func page(_ server: TestServer, _ uri: String, token: String, language: String) async throws -> String {
        let response = try await server.client.execute(
            uri: uri, method: .get,
            headers: [.cookie: "cadence_session=\(token)", .accept: "text/html", .acceptLanguage: language])
        #expect(response.status == .ok)
        return response.text
    }

    @Test func theTalksPagesAreInSpanish() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let created = try await server.client.json(.post, "/api/v1/talks/topics", body: TalksAPITests.demo, token: token)
            let topic = try #require(created.object["id"] as? String).lowercased()

            let list = try await Self.page(server, "/phone/talks", token: token, language: "es-ES,es;q=0.9,en;q=0.5")
            #expect(list.contains(#"<html lang="es">"#))
            #expect(list.contains("<title>Charlas · Cadence</title>"))
            for words in ["<h1>Charlas</h1>", "Nueva charla", "Duración estimada (m:ss)", "Añadir charla", "Tus charlas",
                          "Thesis defence</a> <span class=\"muted\">2:00 · 3 pistas</span>"] {
                #expect(list.contains(words), "\(words)")
            }
            for english in ["New talk", "Your talks", "Add talk", " cues<"] { #expect(!list.contains(english), "\(english)") }

            let talk = try await Self.page(server, "/phone/talks/\(topic)", token: token, language: "es")
            #expect(talk.contains(#"<html lang="es">"#))
            #expect(talk.contains("<title>Thesis defence · Cadence</title>"))  // the person's title, as typed
            for words in ["Todas las charlas", "En tu reloj", "Todavía no está en tu reloj.", "Enviar al reloj", "Empezar", "Pistas",
                          #"aria-label="Editar Method""#, #"aria-label="Quitar Method""#, "Palabra clave",
                          "Tiempos en m:ss o en segundos desde el inicio.", "Añadir", "Título y duración", "Eliminar esta charla…",
                          "Pasadas", "Aún no hay pasadas."] {
                #expect(talk.contains(words), "\(words)")
            }
            for english in ["On your watch", "Not on your watch", "Cast to watch", "No runs yet"] { #expect(!talk.contains(english), "\(english)") }

            // A run's summary: its phase and timings in Spanish.
            try await server.client.json(.post, "/api/v1/talks/runs", body: #"{"topicId":"\#(topic)"}"#, token: token)
            let withRun = try await Self.page(server, "/phone/talks/\(topic)", token: token, language: "es")
            for words in ["en marcha</summary>", "<th scope=\"col\">Prevista</th>", "no alcanzada"] {
                #expect(withRun.contains(words), "\(words)")
            }

            let delete = try await Self.page(server, "/phone/talks/\(topic)/delete", token: token, language: "es")
            #expect(delete.contains("<title>¿Eliminar Thesis defence? · Cadence</title>"))
            #expect(delete.contains("“Thesis defence”, sus pistas y sus pasadas desaparecerán para siempre."))
            #expect(delete.contains("Sí, eliminar"))

            // The same pages in English are as they were.
            let english = try await Self.page(server, "/phone/talks/\(topic)", token: token, language: "en")
            #expect(english.contains(#"<html lang="en">"#))
            #expect(english.contains("Cast to watch") && english.contains("running</summary>") && english.contains("not reached"))
        }
    }

    @Test func aRefusedFormSaysWhyInSpanish() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let csrf = try await PagesTests.csrf(server)
            let response = try await server.client.execute(
                uri: "/phone/talks", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .accept: "text/html", .acceptLanguage: "es",
                          .cookie: "cadence_session=\(token); cadence_csrf=\(csrf)"],
                body: ByteBuffer(string: "_csrf=\(csrf)&title=Otra&duration=diez"))
            #expect(response.status == .ok)
            #expect(response.text.contains(#"<html lang="es">"#))
            #expect(response.text.contains("&quot;diez&quot; no es un tiempo: usa m:ss (1:30) o segundos (90)."), "\(response.text)")
            #expect(response.text.contains(#"value="diez" aria-invalid="true""#))
        }
    }

    /// The refusal's message follows the language; its code and field never do.
    @Test(arguments: [
        ("/api/v1/talks/topics", #"{"title":"T","duration":"1:00","cues":[{"keyword":"A","time":"abc"}]}"#, "invalid_field", "cues[0].time",
         #""abc" is not a time: use m:ss (1:30) or seconds (90)."#, #""abc" no es un tiempo: usa m:ss (1:30) o segundos (90)."#),
        ("/api/v1/talks/topics", #"{"title":"   "}"#, "invalid_field", "title",
         "Give the talk a title.", "Ponle un título a la charla."),
        ("/api/v1/talks/topics", #"{"title":"T","duration":"1:00","cues":[{"keyword":"A","time":"0:10"},{"keyword":"B","time":"1:01"}]}"#,
         "invalid_field", "cues[1].time", "1:01 is after the end of the talk (1:00).", "1:01 es después del final de la charla (1:00)."),
    ])
    func aTalksRefusalIsInTheRequestsLanguage(
        path: String, body: String, code: String, field: String, english: String, spanish: String
    ) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let inEnglish = try await server.client.json(.post, path, body: body, token: token)
            let inSpanish = try await server.client.json(.post, path, body: body, token: token, headers: [.acceptLanguage: "es"])
            for response in [inEnglish, inSpanish] {
                #expect(response.status == .badRequest)
                #expect(response.errorCode == code)
                #expect(response.errorField == field)
            }
            #expect(inEnglish.errorMessage == english)
            #expect(inSpanish.errorMessage == spanish)
        }
    }

    @Test func aRefusedStepAndABadOutlineLineAreInSpanish() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let es: HTTPFields = [.acceptLanguage: "es"]
            let topic = try #require(try await server.client.json(.post, "/api/v1/talks/topics", body: TalksAPITests.demo, token: token).object["id"] as? String)
            let run = try #require(try await server.client.json(.post, "/api/v1/talks/runs", body: #"{"topicId":"\#(topic)"}"#, token: token).object["id"] as? String)
            let again = try await server.client.json(.post, "/api/v1/talks/runs/\(run)/steps", body: #"{"action":"start"}"#, token: token, headers: es)
            #expect(again.status == .conflict)
            #expect(again.errorCode == "step_not_allowed")
            #expect(again.errorField == "action")
            #expect(again.errorMessage == #""start" no es posible mientras la pasada está en marcha."#)
            let english = try await server.client.json(.post, "/api/v1/talks/runs/\(run)/steps", body: #"{"action":"start"}"#, token: token)
            #expect(english.errorMessage == #""start" is not possible while the run is running."#)

            let dance = try await server.client.json(.post, "/api/v1/talks/runs/\(run)/steps", body: #"{"action":"dance"}"#, token: token, headers: es)
            #expect(dance.errorField == "action")
            #expect(dance.errorMessage == #"Un paso es start, pause, resume, next o stop, no "dance"."#)

            for (outline, field, english, spanish) in [
                ("# T\nnonsense\n", "line 2", #"Line 2 needs a time and a keyword, as in "0:30 Intro"."#,
                 #"La línea 2 necesita un tiempo y una palabra clave, como en "0:30 Intro"."#),
                ("# T\n# duration 1:00\n0:10 A\n-0:05 B\n", "line 4", "Line 4: A time cannot be negative.", "Línea 4: un tiempo no puede ser negativo."),
            ] {
                for (language, message) in [("en", english), ("es", spanish)] {
                    let broken = try await server.client.execute(
                        uri: "/api/v1/talks/topics/import", method: .post,
                        headers: [.contentType: "text/plain", .authorization: "Bearer \(token)", .acceptLanguage: language],
                        body: ByteBuffer(string: outline))
                    #expect(broken.status == .badRequest)
                    #expect(broken.errorCode == "invalid_field")
                    #expect(broken.errorField == field)
                    #expect(broken.errorMessage == message)
                }
            }

            // An outline without a title gets one in the person's language (then it is the person's).
            let untitled = try await server.client.execute(
                uri: "/api/v1/talks/topics/import", method: .post,
                headers: [.contentType: "text/plain", .authorization: "Bearer \(token)", .acceptLanguage: "es"],
                body: ByteBuffer(string: "0:00 Hola\n"))
            #expect(untitled.object["title"] as? String == "Charla importada")
        }
    }
}
