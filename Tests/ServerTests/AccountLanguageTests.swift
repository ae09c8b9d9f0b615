import CadenceCore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PlatformService
import Testing
import Web

/// The account's language and units: set through the API and the account page, followed by every page (over the
/// browser's Accept-Language), by refusals (their message only: code and field stay) and by the reset e-mail.
@Suite(.timeLimit(.minutes(5))) struct AccountLanguageTests {
    static func page(_ server: TestServer, _ uri: String, token: String? = nil, language: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.accept: "text/html"]
        if let token { headers[.cookie] = "cadence_session=\(token)" }
        if let language { headers[.acceptLanguage] = language }
        return try await server.client.execute(uri: uri, method: .get, headers: headers)
    }

    /// A signed-in form post: the CSRF cookie from the account page, then the form with it.
    static func post(_ server: TestServer, _ uri: String, _ fields: [String: String], token: String,
                     language: String? = nil) async throws -> TestResponse {
        let account = try await page(server, "/account", token: token)
        let cookie = try #require(account.cookie("cadence_csrf"))
        let csrf = String(cookie.dropFirst("cadence_csrf=".count).prefix { $0 != ";" })
        var form = fields
        form["_csrf"] = csrf
        let body = form.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)"
        }.joined(separator: "&")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "text/html",
                                   .cookie: "cadence_session=\(token); cadence_csrf=\(csrf)"]
        if let language { headers[.acceptLanguage] = language }
        return try await server.client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test func theSettingRoundTripsOverTheAPI() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("lang-api"))
            let fresh = try await client.json(.get, "/api/v1/account", token: token)
            #expect(fresh.status == .ok)
            #expect(fresh.object["language"] is NSNull, "a new account follows the browser: language is null, not left out")
            #expect(fresh.object["units"] as? String == "metric")

            let saved = try await client.json(.patch, "/api/v1/account", body: #"{"language":"es","units":"imperial"}"#, token: token)
            #expect(saved.status == .ok)
            #expect(saved.object["language"] as? String == "es")
            #expect(saved.object["units"] as? String == "imperial")
            let me = try await client.json(.get, "/api/v1/auth/me", token: token)
            #expect(me.object["language"] as? String == "es")
            #expect(me.object["units"] as? String == "imperial")

            // A field left out keeps its value; null follows the browser again.
            let back = try await client.json(.patch, "/api/v1/account", body: #"{"language":null}"#, token: token)
            #expect(back.object["language"] is NSNull)
            #expect(back.object["units"] as? String == "imperial")
            let read = try await client.json(.get, "/api/v1/account", token: token)
            #expect(read.object["language"] is NSNull)
            #expect(read.object["units"] as? String == "imperial")
        }
    }

    @Test(arguments: [
        (#"{"language":"fr"}"#, "language"),
        (#"{"language":""}"#, "language"),
        (#"{"language":7}"#, "language"),
        (#"{"units":"furlongs"}"#, "units"),
        (#"{"language":"es","units":null}"#, "units"),
    ])
    func anUnknownLanguageOrUnitsIsRefusedByField(_ body: String, _ field: String) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("lang-bad"))
            let refused = try await server.client.json(.patch, "/api/v1/account", body: body, token: token)
            #expect(refused.status == .badRequest)
            #expect(refused.errorCode == "invalid_field")
            #expect(refused.errorField == field)
            // Nothing was saved.
            let read = try await server.client.json(.get, "/api/v1/account", token: token)
            #expect(read.object["language"] is NSNull)
            #expect(read.object["units"] as? String == "metric")
        }
    }

    @Test func theSettingRoundTripsOverTheForm() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("lang-form"))
            let before = try await Self.page(server, "/account", token: token)
            #expect(before.text.contains(#"<html lang="en">"#))
            #expect(before.text.contains("Language and units"))
            #expect(before.text.contains(#"<option value="es" lang="es">Español</option>"#))
            #expect(before.text.contains(#"<option value="" selected>Browser's language</option>"#) ||
                    before.text.contains(#"<option value="" selected>Browser&#39;s language</option>"#))

            let saved = try await Self.post(server, "/account/preferences", ["language": "es", "units": "imperial"], token: token)
            #expect(saved.status == .seeOther)
            let location = try #require(saved.headers[.location])
            let after = try await Self.page(server, location, token: token, language: "en")
            #expect(after.text.contains(#"<html lang="es">"#))
            #expect(after.text.contains("Idioma y unidades guardados."))
            #expect(after.text.contains(#"<option value="es" lang="es" selected>Español</option>"#))
            #expect(after.text.contains(#"<option value="imperial" selected>Millas</option>"#))
            let api = try await server.client.json(.get, "/api/v1/account", token: token)
            #expect(api.object["language"] as? String == "es")
            #expect(api.object["units"] as? String == "imperial")

            // "Browser's language" posts no code: the account follows the browser again.
            _ = try await Self.post(server, "/account/preferences", ["language": "", "units": "metric"], token: token)
            let cleared = try await server.client.json(.get, "/api/v1/account", token: token)
            #expect(cleared.object["language"] is NSNull)
            #expect(cleared.object["units"] as? String == "metric")

            // A made-up code on the form is refused on the page, nothing saved.
            let refused = try await Self.post(server, "/account/preferences", ["language": "xx", "units": "metric"], token: token)
            #expect(refused.status == .ok)
            #expect(refused.text.contains("is not a language Cadence speaks"))
            #expect(try await server.client.json(.get, "/api/v1/account", token: token).object["language"] is NSNull)
        }
    }

    @Test func pagesFollowAcceptLanguageUntilTheAccountChooses() async throws {
        try await withTestServer { server in
            let login = try await Self.page(server, "/login", language: "es-ES,es;q=0.9,en;q=0.5")
            #expect(login.text.contains(#"<html lang="es">"#))
            #expect(login.text.contains("<h1>Iniciar sesión</h1>"))
            #expect(login.text.contains("¿Has olvidado tu contraseña?"))
            let english = try await Self.page(server, "/login")
            #expect(english.text.contains(#"<html lang="en">"#))
            #expect(english.text.contains("<h1>Sign in</h1>"))

            let token = try await server.client.register(email: uniqueEmail("lang-pages"), name: "Ana")
            let byHeader = try await Self.page(server, "/phone", token: token, language: "es")
            #expect(byHeader.text.contains(#"<html lang="es">"#))
            #expect(byHeader.text.contains("Hola, Ana"))

            // Spanish chosen: Spanish whatever the browser says.
            _ = try await server.client.json(.patch, "/api/v1/account", body: #"{"language":"es"}"#, token: token)
            for uri in ["/phone", "/account", "/phone/devices"] {
                for header in [nil, "en-GB,en;q=0.9"] {
                    let page = try await Self.page(server, uri, token: token, language: header)
                    #expect(page.text.contains(#"<html lang="es">"#), "\(uri) with \(header ?? "no header")")
                }
            }
            // Error pages too, though they are answered before (or without) the routes that know who asked: an
            // address nothing serves, and a record that is not there.
            for uri in ["/phone/nothing-here", "/phone/talks/\(UUID().uuidString.lowercased())"] {
                let missing = try await Self.page(server, uri, token: token, language: "en-GB")
                #expect(missing.status == .notFound)
                #expect(missing.text.contains(#"<html lang="es">"#), "\(uri)")
                #expect(missing.text.contains("Página no encontrada"), "\(uri)")
                #expect(missing.text.contains(#"aria-label="Módulos""#), "\(uri): the signed-in frame (its module bar)")
            }
            let missingJSON = try await server.client.json(.get, "/api/v1/talks/topics/\(UUID().uuidString)", token: token)
            #expect(missingJSON.errorCode == "not_found")
            #expect(missingJSON.errorMessage?.hasPrefix("No hay") == true, "\(missingJSON.errorMessage ?? "")")
            let account = try await Self.page(server, "/account", token: token)
            #expect(account.text.contains("<h1>Tu cuenta</h1>"))
            #expect(account.text.contains("Último uso: "))
            #expect(account.text.contains("(este navegador)"))

            // English chosen: the setting wins over a Spanish browser.
            _ = try await server.client.json(.patch, "/api/v1/account", body: #"{"language":"en"}"#, token: token)
            let chosen = try await Self.page(server, "/account", token: token, language: "es")
            #expect(chosen.text.contains(#"<html lang="en">"#))
            #expect(chosen.text.contains("<h1>Your account</h1>"))
            #expect(chosen.text.contains("Last used "))
        }
    }

    /// The example talk a new account starts with is written in the language the person signed up in.
    @Test func theExampleTalkSpeaksTheSignUpsLanguage() async throws {
        try await withTestServer { server in
            let body = #"{"email":"\#(uniqueEmail("lang-example"))","displayName":"Eva","password":"a long password"}"#
            let signed = try await server.client.json(.post, "/api/v1/auth/register", body: body, headers: [.acceptLanguage: "es-AR,es;q=0.9"])
            #expect(signed.status == .created)
            let token = try #require((signed.object["token"] as? String))
            let topics = try await server.client.json(.get, "/api/v1/talks/topics", token: token)
            #expect(topics.array.first?["title"] as? String == "Ejemplo: una charla de cinco minutos")
            let id = try #require(topics.array.first?["id"] as? String)
            let topic = try await server.client.json(.get, "/api/v1/talks/topics/\(id)", token: token)
            let cues = (topic.object["cues"] as? [[String: Any]])?.compactMap { $0["keyword"] as? String }
            #expect(cues == ["Bienvenida y por qué importa", "Tres cosas para recordar", "Una historia", "Preguntas"])
        }
    }

    @Test func aRefusalIsTranslatedButKeepsItsCodeAndField() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("lang-refusal"))
            let body = #"{"currentPassword":"not the password","newPassword":"a new password"}"#

            let english = try await server.client.json(.post, "/api/v1/auth/password", body: body, token: token)
            #expect(english.errorCode == "wrong_password")
            #expect(english.errorField == "currentPassword")
            #expect(english.errorMessage == "The current password is not right.")

            let spanish = try await server.client.json(.post, "/api/v1/auth/password", body: body, token: token,
                                                       headers: [.acceptLanguage: "es"])
            #expect(spanish.status == english.status)
            #expect(spanish.errorCode == "wrong_password")
            #expect(spanish.errorField == "currentPassword")
            #expect(spanish.errorMessage == "La contraseña actual no es correcta.")

            let form = ["currentPassword": "not the password", "newPassword": "a new password", "confirmPassword": "a new password"]
            let englishPage = try await Self.post(server, "/account/password", form, token: token)
            #expect(englishPage.text.contains("The current password is not right."))
            let spanishPage = try await Self.post(server, "/account/password", form, token: token, language: "es")
            #expect(spanishPage.text.contains(#"<html lang="es">"#))
            #expect(spanishPage.text.contains("La contraseña actual no es correcta."))

            // The account's setting answers the API too.
            _ = try await server.client.json(.patch, "/api/v1/account", body: #"{"language":"es"}"#, token: token)
            let bySetting = try await server.client.json(.post, "/api/v1/auth/password", body: body, token: token)
            #expect(bySetting.errorMessage == "La contraseña actual no es correcta.")
            #expect(bySetting.errorCode == "wrong_password")
            let unknown = try await server.client.json(.patch, "/api/v1/account", body: #"{"language":"fr"}"#, token: token)
            #expect(unknown.errorField == "language")
            #expect(unknown.errorMessage?.hasPrefix("Cadence no habla «fr»") == true)
        }
    }

    @Test func theResetEmailIsInTheAccountsLanguage() async throws {
        try await withTestServer { server in
            let english = uniqueEmail("reset-en")
            _ = try await server.client.register(email: english, name: "Bo")
            try await server.client.json(.post, "/api/v1/auth/forgot-password", body: #"{"email":"\#(english)"}"#,
                                         headers: [.acceptLanguage: "es"])
            let first = try #require(server.mailer.sent.last)
            #expect(first.subject == "Reset your Cadence password", "the account's language, not the requester's browser")
            #expect(first.body.hasPrefix("Hello Bo,\n\nSomeone asked to reset the password of your Cadence account."))

            let spanish = uniqueEmail("reset-es")
            let token = try await server.client.register(email: spanish, name: "Ana")
            _ = try await server.client.json(.patch, "/api/v1/account", body: #"{"language":"es"}"#, token: token)
            try await server.client.json(.post, "/api/v1/auth/forgot-password", body: #"{"email":"\#(spanish)"}"#)
            let mail = try #require(server.mailer.sent.last)
            #expect(mail.to == spanish)
            #expect(mail.subject == "Restablece tu contraseña de Cadence")
            #expect(mail.body.hasPrefix("Hola, Ana:"))
            #expect(mail.body.contains("http://cadence.test/reset?token="))
            // The link in it works as in English.
            let resetToken = try PasswordResetTests.resetToken(in: server)
            let reset = try await server.client.json(.post, "/api/v1/auth/reset-password",
                                                     body: #"{"token":"\#(resetToken)","newPassword":"nueva contraseña"}"#)
            #expect(reset.status == .noContent)
        }
    }

    @Test func theDeletionReceiptIsInTheAccountsLanguage() async throws {
        try await withTestServer { server in
            let email = uniqueEmail("gone-es")
            let token = try await server.client.register(email: email, name: "Ana")
            _ = try await server.client.json(.patch, "/api/v1/account", body: #"{"language":"es"}"#, token: token)
            let deleted = try await server.client.json(.delete, "/api/v1/account", body: #"{"password":"correct horse battery"}"#, token: token)
            #expect(deleted.status == .noContent)
            let mail = try #require(server.mailer.sent.last { $0.to == email })
            #expect(mail.subject == "Se ha borrado tu cuenta de Cadence")
            #expect(mail.body.hasPrefix("Hola, Ana:\n\nSe ha borrado tu cuenta de Cadence \(email), como pediste"))

            let english = uniqueEmail("gone-en")
            let other = try await server.client.register(email: english, name: "Bo")
            _ = try await server.client.json(.delete, "/api/v1/account", body: #"{"password":"correct horse battery"}"#, token: other)
            let receipt = try #require(server.mailer.sent.last { $0.to == english })
            #expect(receipt.subject == "Your Cadence account was deleted")
            #expect(receipt.body.hasPrefix("Hello Bo,\n\nYour Cadence account \(english) was deleted, as you asked: its talks, series,"))
        }
    }

    @Test func thePhoneHomeShowsDistancesInTheAccountsUnits() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("units"))
            let imported = try await TempoRunImportsAPITests.importFile("cerknicko-jezero.gpx", server.client, token: token)
            #expect(imported.status == .created)
            let metric = try await Self.page(server, "/phone", token: token)
            let kilometres = try #require(metric.text.firstMatch(of: #/(\d+\.\d\d) km/#)).output.1
            _ = try await server.client.json(.patch, "/api/v1/account", body: #"{"units":"imperial"}"#, token: token)
            let imperial = try await Self.page(server, "/phone", token: token)
            let miles = try #require(imperial.text.firstMatch(of: #/(\d+\.\d\d) mi/#)).output.1
            #expect(abs(Double(miles)! * 1.609344 - Double(kilometres)!) < 0.02, "\(miles) mi for \(kilometres) km")
            let main = imperial.text.firstRange(of: "<main").map { String(imperial.text[$0.lowerBound...]) } ?? ""
            #expect(main.contains("<ul class=\"module-grid\">") && !main.contains(" km"))
            // In Spanish, with its decimal comma.
            _ = try await server.client.json(.patch, "/api/v1/account", body: #"{"language":"es","units":"metric"}"#, token: token)
            let spanish = try await Self.page(server, "/phone", token: token)
            #expect(spanish.text.contains(kilometres.replacingOccurrences(of: ".", with: ",") + " km"))
            #expect(spanish.text.contains("Esta semana") || spanish.text.contains("Última carrera"))
        }
    }

    @Test func liveCommandRefusalsAreTranslatedToo() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("live-es"))
            let body = #"{"id":"\#(UUID().uuidString.lowercased())","type":"no.such_thing","data":{}}"#
            let english = try await server.client.json(.post, "/api/v1/live/commands", body: body, token: token)
            #expect(english.errorCode == "unknown_type")
            #expect(english.errorMessage == "There is no command \"no.such_thing\".")
            let spanish = try await server.client.json(.post, "/api/v1/live/commands", body: body, token: token,
                                                       headers: [.acceptLanguage: "es"])
            #expect(spanish.errorCode == "unknown_type")
            #expect(spanish.errorField == english.errorField)
            #expect(spanish.errorMessage == "No existe el comando «no.such_thing».")
            let malformed = try await server.client.json(.post, "/api/v1/live/commands",
                                                         body: #"{"id":"\#(UUID().uuidString.lowercased())","type":"nope","data":{}}"#,
                                                         token: token, headers: [.acceptLanguage: "es"])
            #expect(malformed.errorField == "type")
            #expect(malformed.errorMessage == "Un tipo de evento son palabras en minúscula separadas por puntos, como «device.find», no «nope».")
        }
    }

    @Test func theFindPushIsInTheAccountsLanguage() throws {
        let data: [String: Any] = ["deviceId": UUID().uuidString, "by": "Ana"]
        let spanish = try #require(DevicePushRules.notification(data, messages: Catalogues.bundled.messages(.spanish)))
        #expect(spanish.title == "Buscar mi dispositivo")
        #expect(spanish.body == "Se ha pedido que este dispositivo suene: Ana lo está buscando.")
        // Without a catalogue (and in the shipped English one), today's words.
        for messages in [Messages.englishOnly([:]), Catalogues.bundled.messages(.english)] {
            let english = try #require(DevicePushRules.notification(data, messages: messages))
            #expect(english.title == "Find my device")
            #expect(english.body == "This device was asked to ring — Ana is looking for it.")
        }
    }

    /// What a person reads on a page (text and the labels screen readers say) that is not inside the pseudo
    /// language's ⟦ ⟧: words that skipped the catalogue, once the allowed user content is taken out.
    static func unmarked(_ html: String, allowing: [String]) -> [String] {
        var body = html
        if let start = body.range(of: "<body") { body = String(body[start.lowerBound...]) }
        body = body.replacing(#/<\/?(?:strong|em|code)>/#, with: "")  // inline markup inside a message
        body = body.replacing(#/<script[\s\S]*?<\/script>/#, with: " ").replacing(#/<style[\s\S]*?<\/style>/#, with: " ")
        var texts = body.matches(of: #/(?:aria-label|title|placeholder|alt)="([^"]*)"/#).map { String($0.output.1) }
        texts += body.replacing(#/<[^>]*>/#, with: "\n").split(separator: "\n").map(String.init)
        return texts.filter { text in
            var rest = text.replacing(#/⟦[^⟦⟧]*⟧/#, with: " ").replacing(#/&[#\w]+;/#, with: " ")
            for allowed in allowing + ["Cadence"] { rest = rest.replacingOccurrences(of: allowed, with: " ") }
            return rest.contains(where: \.isLetter)
        }
    }

    @Test func everyPlatformPageSaysItsWordsFromTheCatalogue() async throws {
        try await withTestServer { server in
            let email = uniqueEmail("pseudo")
            let token = try await server.client.register(email: email, name: "Pat")
            let pairing = try await server.client.startPairing(token: token)
            let watch = try #require(try await server.client.pair(code: pairing.code, name: "Wrist").object["token"] as? String)
            var pages: [(String, TestResponse)] = []
            for uri in ["/login", "/login?reset=done", "/login?deleted=1", "/register", "/forgot", "/reset", "/reset?token=abc", "/pair"] {
                pages.append((uri, try await Self.page(server, uri, language: "qps")))
            }
            for uri in ["/phone", "/account", "/account?saved=preferences", "/phone/devices"] {
                pages.append((uri, try await Self.page(server, uri, token: token, language: "qps")))
            }
            pages.append(("/watch", try await server.client.execute(
                uri: "/watch", method: .get, headers: [.accept: "text/html", .acceptLanguage: "qps", .cookie: "cadence_device=\(watch)"])))
            // Forms answered with a refusal, a code and an app password.
            pages.append(("wrong password", try await Self.post(server, "/account/password",
                ["currentPassword": "nope nope nope", "newPassword": "a new password", "confirmPassword": "a new password"],
                token: token, language: "qps")))
            pages.append(("pairing", try await Self.post(server, "/phone/devices/pairing", [:], token: token, language: "qps")))
            pages.append(("app password", try await Self.post(server, "/phone/devices/app-passwords", ["name": "Thunderbird"],
                                                              token: token, language: "qps")))
            for (uri, response) in pages {
                #expect(response.status == .ok, "\(uri)")
                #expect(response.text.contains(#"<html lang="qps">"#), "\(uri)")
                #expect(!response.text.contains("⟦?"), "\(uri) names a key the catalogue lacks")
                // User content: the person's name, address and devices, the example talk's title, the session's
                // user agent (none sent: "unknown"), and the languages' own names (each marked with its lang).
                let left = Self.unmarked(response.text, allowing: [
                    "Pat", email, "Wrist", "Thunderbird", "http://cadence.test/dav/", "/pair", "Example: a five-minute talk",
                    "unknown", "English", "Español",
                ])
                    .filter { !$0.contains("cadence.test/pair?") && !$0.contains("dvc_") }
                #expect(left.isEmpty, "\(uri): words outside the catalogue: \(left.prefix(5))")
            }
        }
    }
}
