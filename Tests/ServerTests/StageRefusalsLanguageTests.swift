import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Stage's refusals of the editor, variations and logs (issue 23): asked in Spanish, the API's `message` is Spanish;
/// its `code` and `field` are the English answer's, since programs read those.
@Suite(.timeLimit(.minutes(5))) struct StageRefusalsLanguageTests {
    @Test func editorVariationAndLogRefusalsSaySpanishWithTheSameCodeAndField() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("stage-refusal-es"))
            let (_, talkID) = try await client.stageDemo(token: token)
            let talk = try await client.json(.get, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)", token: token)
            let first = StageVariationsAPITests.slideIDs(talk)[0]
            let revision = StageVariationsAPITests.revision(talk)

            let requests: [(method: HTTPRequest.Method, uri: String, body: String, spanish: String)] = [
                (.post, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)/edits",
                 #"{"revision": \#(revision), "op": "delete", "slideId": "\#(first)"}"#,
                 "Esta diapositiva venía con la serie: ocúltala en su lugar (las imágenes incluidas no se pueden eliminar)."),
                (.post, "/api/v1/stage/talks/\(talkID)/variations/\(talkID)/edits",
                 #"{"revision": \#(revision + 5), "op": "duplicate", "slideId": "\#(first)"}"#,
                 "Esta variante se cambió en otro dispositivo (ahora es la revisión \(revision)); vuelve a cargarla y edítala de nuevo."),
                (.post, "/api/v1/stage/talks/\(talkID)/variations", #"{"name": "Copy", "from": "\#(UUID().uuidString)"}"#,
                 "Esta charla no tiene esa variante de la que partir."),
                (.post, "/api/v1/stage/logs", StageAPITests.log(durationMs: -1), "La duración está entre 0 y 24 horas, en milisegundos."),
            ]
            for request in requests {
                let english = try await client.json(request.method, request.uri, body: request.body, token: token)
                let spanish = try await client.json(request.method, request.uri, body: request.body, token: token,
                                                    headers: [.acceptLanguage: "es"])
                #expect(english.status.code >= 400 && spanish.status == english.status, "\(request.uri): \(english.text)")
                #expect(english.errorCode != nil && spanish.errorCode == english.errorCode, "\(request.uri)")
                #expect(spanish.errorField == english.errorField, "\(request.uri)")
                #expect(spanish.errorMessage == request.spanish, "\(request.uri): \(spanish.text)")
                #expect(english.errorMessage != spanish.errorMessage)
            }
        }
    }
}
