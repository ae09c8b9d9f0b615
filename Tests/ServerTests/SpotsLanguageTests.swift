import CadenceCore
import Foundation
import Geo
import Hummingbird
import HummingbirdTesting
import Spots
import Testing
import Web

/// The Spots pages speak the person's language: the list and the form in Spanish with `Accept-Language: es`, a
/// repeat summary said in Spanish (the API's `repeatSummary` stays English), and a refused form in Spanish with the
/// same code and field as the API gives. English reads as it always did.
@Suite(.timeLimit(.minutes(5))) struct SpotsLanguageTests {
    static let spanish: HTTPFields = [.accept: "text/html", .acceptLanguage: "es-ES,es;q=0.9"]

    @Test("A repeat rule reads as people say it", arguments: [
        ("FREQ=DAILY", "Repeats daily"), ("FREQ=WEEKLY;INTERVAL=2", "Repeats every 2 weeks"), ("freq=monthly", "Repeats monthly"),
        ("FREQ=MINUTELY", "Repeats every minute"), ("FREQ=WEEKLY;BYDAY=WE,MO", "Repeats weekly on Mon, Wed"),
        ("FREQ=MONTHLY;BYDAY=-1FR;COUNT=10", "Repeats monthly on last Fri, 10 times"), ("FREQ=MONTHLY;BYMONTHDAY=31", "Repeats monthly on day 31"),
        ("FREQ=WEEKLY;INTERVAL=2;UNTIL=20270630T215959Z", "Repeats every 2 weeks, until 2027-06-30"), ("nonsense", "Repeats"),
    ])
    func ruleSummary(rule: String, summary: String) {
        #expect(Recurrence.summary(ofRule: rule, in: Catalogues.bundled.messages(.english)) == summary)
    }

    @Test(arguments: [
        ("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3", "Se repite cada semana los lun, mié, 3 veces"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "Se repite cada mes el último vie"),
        ("FREQ=WEEKLY;INTERVAL=2", "Se repite cada 2 semanas"),
        ("FREQ=YEARLY;BYMONTH=1;COUNT=1", "Se repite cada año en ene, una vez"),
        ("nonsense", "Se repite"),
    ])
    func aSummaryInSpanish(_ rule: String, _ expected: String) {
        #expect(Recurrence.summary(ofRule: rule, in: Catalogues.bundled.messages(.spanish)) == expected)
    }

    /// Every fence decision's catalogue sentence reads in English exactly as the decision's own reason.
    @Test(arguments: [FenceTrigger.arrive, .leave]) func aFenceDecisionReadsTheSameFromTheCatalogue(_ trigger: FenceTrigger) throws {
        let center = try Coordinate(latitude: 52.37, longitude: 4.89)
        let fence = try Fence(id: UUID(), center: center, radius: 150, trigger: trigger)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let english = Catalogues.bundled.messages(.english), spanish = Catalogues.bundled.messages(.spanish)
        // (metres east, accuracy, seconds): outside, edge, in, in, edge, out, out, far, coarse, stale, duplicate, in, 5 km.
        let steps: [(Double, Double, Double)] = [(1_000, 20, 1), (160, 20, 2), (50, 20, 3), (60, 20, 4), (140, 20, 5), (400, 20, 6),
                                                 (500, 20, 7), (3_000, 20, 8), (100, 500, 9), (100, 20, 5), (100, 20, 9), (10, 5, 10),
                                                 (5_000, 20, 11), (20, 5, 12)]
        var state = FenceState.initial
        var keys: Set<String> = []
        for (metres, accuracy, seconds) in steps {
            let point = Geo.destination(from: center, bearingDegrees: 90, distance: metres)
            let report = try LocationReport(coordinate: point, accuracy: accuracy, at: start.addingTimeInterval(seconds))
            let (next, decision) = FenceRules.evaluate(report, fence: fence, state: state)
            state = next
            let key = try #require(decision.localizedReason)
            keys.insert(key.key)
            #expect(english(key.key, key.arguments) == decision.reason)
            #expect(spanish.has(key.key) && spanish(key.key, key.arguments) != decision.reason, "\(key.key)")
        }
        #expect(keys.count >= 8, "\(keys)")
    }

    @Test func theListAndTheFormAreInSpanish() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots-es"))
            let made = try await client.createReminder(#"""
                {"title":"Gimnasio","due":"2027-01-18T06:30:00Z","repeatRule":"FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3","timeZone":"UTC"}
                """#, token: token)
            let id = try #require(made["id"] as? String)
            #expect(made["repeatSummary"] as? String == "Repeats weekly on Mon, Wed, 3 times")

            let list = try await client.json(.get, "/phone/spots", token: token, headers: Self.spanish)
            #expect(list.status == .ok)
            #expect(list.text.contains(#"<html lang="es">"#))
            #expect(list.text.contains("<title>Spots · Cadence</title>"))
            for text in ["Próximos", "Compartir mi ubicación", "Importar y exportar", "Se repite cada semana los lun, mié, 3 veces",
                         "Completar Gimnasio", "Nuevo recordatorio"] {
                #expect(list.text.contains(text), "\(text)")
            }
            #expect(!list.text.contains("Due soon"))
            #expect(!list.text.contains("Repeats"))
            #expect(list.text.contains("Gimnasio"))  // the person's own words stay as typed

            let english = try await client.json(.get, "/phone/spots", token: token, headers: [.accept: "text/html"])
            #expect(english.text.contains(#"<html lang="en">"#))
            for text in ["Due soon", "Repeats weekly on Mon, Wed, 3 times", "Mon 18 Jan 2027, 06:30", "Share my location"] {
                #expect(english.text.contains(text), "\(text)")
            }

            let form = try await client.json(.get, "/phone/spots/new", token: token, headers: Self.spanish)
            #expect(form.text.contains(#"<html lang="es">"#))
            for text in ["<title>Nuevo recordatorio · Cadence</title>", "Título", "Con qué frecuencia", "Cada semana", "Lun</label>",
                         "Radio en metros (50–50000)", "Guardar recordatorio", "Horas en "] {
                #expect(form.text.contains(text), "\(text)")
            }

            let shown = try await client.json(.get, "/phone/spots/\(id)", token: token, headers: Self.spanish)
            for text in ["Se repite cada semana los lun, mié, 3 veces", "lun, 18 ene 2027, 6:30", "Guardar cambios", "Por qué saltó o no saltó"] {
                #expect(shown.text.contains(text), "\(text)")
            }
        }
    }

    @Test func aRefusedFormIsInSpanishWithTheAPIsCodeAndField() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots-es-refused"))
            let csrf = try await PagesTests.csrf(server)
            let cookies = "cadence_session=\(token); cadence_csrf=\(csrf)"
            let fields = ["_csrf": csrf, "title": "  ", "notes": "", "due": "", "tz": "UTC", "repeat": ""]

            let body = fields.map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $1)" }.joined(separator: "&")
            let page = try await client.execute(
                uri: "/phone/spots/new", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookies, .accept: "text/html", .acceptLanguage: "es"],
                body: ByteBuffer(string: body))
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<html lang="es">"#))
            #expect(page.text.contains(#"<p class="field-error" role="alert" id="form-error">Ponle un título al recordatorio.</p>"#), "\(page.text)")
            #expect(page.text.contains(#"name="title" type="text" maxlength="200" required value="  " aria-invalid="true""#))

            let english = try await PagesTests.postForm(server, "/phone/spots/new", fields, cookies: cookies)
            #expect(english.text.contains(#"id="form-error">Give the reminder a title.</p>"#))

            let api = try await client.json(.post, "/api/v1/spots/reminders", body: #"{"title":"  "}"#, token: token,
                                            headers: [.acceptLanguage: "es"])
            #expect(api.status == .badRequest)
            #expect(api.errorCode == "invalid_field")
            #expect(api.errorField == "title")
            #expect(api.errorMessage == "Ponle un título al recordatorio.")
            let apiEnglish = try await client.json(.post, "/api/v1/spots/reminders", body: #"{"title":"  "}"#, token: token)
            #expect(apiEnglish.errorCode == "invalid_field")
            #expect(apiEnglish.errorField == "title")
            #expect(apiEnglish.errorMessage == "Give the reminder a title.")

            // A repeat refused on the form: its own field, in Spanish.
            var weekly = fields
            weekly.merge(["title": "Gimnasio", "due": "2027-01-18T07:30", "repeat": "WEEKLY", "repeatEnds": "count", "repeatCount": "0"]) { $1 }
            let repeatBody = weekly.map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $1)" }.joined(separator: "&")
            let refused = try await client.execute(
                uri: "/phone/spots/new", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookies, .accept: "text/html", .acceptLanguage: "es"],
                body: ByteBuffer(string: repeatBody))
            #expect(refused.text.contains("Indica cuántas veces se repite: de 1 a 10.000."))
            #expect(refused.text.contains(#"<select id="repeat" name="repeat" aria-invalid="true""#))
        }
    }

    /// Every repeat-rule refusal a person can meet typing a custom rule reads in English exactly as it did, and has its Spanish.
    @Test(arguments: ["", "FREQ", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=MONTHLY;BYMONTH=13", "FREQ=MONTHLY;BYMONTHDAY=0", "FREQ=HOURLY",
                      "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;COUNT=0", "FREQ=DAILY;UNTIL=2026", "FREQ=WEEKLY;BYDAY=XX",
                      "FREQ=MONTHLY;BYDAY=60MO", "FREQ=WEEKLY;WKST=XX", "FREQ=DAILY;BYSETPOS=1", "INTERVAL=2",
                      "FREQ=DAILY;COUNT=2;UNTIL=20270101", "FREQ=WEEKLY;BYDAY=2MO", "FREQ=WEEKLY;BYMONTHDAY=3"])
    func aRepeatRuleRefusalIsInTheCatalogue(_ rule: String) throws {
        let error = try #require(throws: ValidationError.self) { try RecurrenceRule(parsing: rule) }
        let key = try #require(error.localized, "\(error.message)")
        let english = Catalogues.bundled.messages(.english), spanish = Catalogues.bundled.messages(.spanish)
        #expect(english(key) == error.message)
        #expect(spanish.has(key.key) && spanish(key) != error.message, "\(key.key)")
    }

    @Test func aCustomRuleRefusedOverTheAPIIsInSpanishWithTheSameCodeAndField() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("spots-es-rrule"))
            let body = #"{"title":"Gimnasio","due":"2027-01-18T06:30:00Z","repeatRule":"FREQ=DAILY;BYSETPOS=1"}"#
            let spanish = try await client.json(.post, "/api/v1/spots/reminders", body: body, token: token, headers: [.acceptLanguage: "es"])
            let english = try await client.json(.post, "/api/v1/spots/reminders", body: body, token: token)
            #expect(english.status == .badRequest)
            #expect(english.errorMessage == "BYSETPOS is not supported in a reminder's repeat rule (FREQ, INTERVAL, COUNT, UNTIL, BYDAY, "
                    + "BYMONTHDAY, BYMONTH and WKST are).")
            #expect(spanish.status == english.status)
            #expect(spanish.errorCode == english.errorCode)
            #expect(spanish.errorField == english.errorField)
            #expect(english.errorField == "repeatRule")
            #expect(spanish.errorMessage == "BYSETPOS no es compatible en la regla de repetición de un recordatorio (lo son FREQ, INTERVAL, "
                    + "COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH y WKST).")
        }
    }
}
