import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Repeating reminders through the API: made with a rule and a zone, checked off occurrence by occurrence (each kept
/// as a completed occurrence, the series moving on), exported with RRULE and RECURRENCE-ID, and refused by name when
/// the rule or zone is wrong. The server's clock reads 2027-01-15 (a Friday).
@Suite(.timeLimit(.minutes(5))) struct SpotsRepeatAPITests {
    @Test func aWeeklySeriesMovesOnWhenCheckedOffAndExportsAsOneUID() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("repeat"))
            // Mondays and Wednesdays at 07:30 in Amsterdam from Monday 18 January 2027.
            let made = try await client.createReminder(#"""
                {"title":"Gym","due":"2027-01-18T06:30:00Z","repeatRule":"FREQ=WEEKLY;BYDAY=MO,WE","timeZone":"Europe/Amsterdam"}
                """#, token: token)
            let id = try #require(made["id"] as? String)
            #expect(made["repeatRule"] as? String == "FREQ=WEEKLY;BYDAY=MO,WE")
            #expect(made["timeZone"] as? String == "Europe/Amsterdam")
            #expect(made["repeatSummary"] as? String != nil)

            let done = try await client.json(.post, "/api/v1/spots/reminders/\(id)/complete", token: token)
            #expect(done.status == .ok)
            #expect(done.object["due"] as? String == "2027-01-20T06:30:00Z")
            #expect(done.object["completedAt"] == nil)
            #expect(done.object["nextAlertAt"] as? String == "2027-01-20T06:30:00Z")

            let all = try await client.json(.get, "/api/v1/spots/reminders", token: token).array
            #expect(all.count == 2)
            let occurrence = try #require(all.first { $0["id"] as? String != id })
            #expect(occurrence["occurrenceOf"] as? String == "2027-01-18T06:30:00Z")
            #expect(occurrence["completedAt"] != nil)

            // A plain edit (no repeatRule) keeps the repeat; an explicit null ends it.
            let renamed = try await client.json(.put, "/api/v1/spots/reminders/\(id)",
                                                body: #"{"title":"Gym, early","due":"2027-01-20T06:30:00Z"}"#, token: token)
            #expect(renamed.object["repeatRule"] as? String == "FREQ=WEEKLY;BYDAY=MO,WE")

            let export = try await client.json(.get, "/api/v1/spots/export.ics", token: token).text
            #expect(export.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\n"))
            #expect(export.contains("DTSTART;TZID=Europe/Amsterdam:20270118T073000\r\n"))
            #expect(export.contains("RECURRENCE-ID:20270118T063000Z\r\n"))
            #expect(export.components(separatedBy: "UID:\(id.uppercased())\r\n").count == 3)

            let ended = try await client.json(.put, "/api/v1/spots/reminders/\(id)",
                                              body: #"{"title":"Gym","due":"2027-01-20T06:30:00Z","repeatRule":null}"#, token: token)
            #expect(ended.object["repeatRule"] == nil)
            let last = try await client.json(.post, "/api/v1/spots/reminders/\(id)/complete", token: token)
            #expect(last.object["completedAt"] != nil)
        }
    }

    @Test(arguments: [
        (#"{"title":"x","due":"2027-01-18T06:30:00Z","repeatRule":"FREQ=FORTNIGHTLY"}"#, "repeatRule"),
        (#"{"title":"x","due":"2027-01-18T06:30:00Z","repeatRule":"FREQ=DAILY;BYSETPOS=1"}"#, "repeatRule"),
        (#"{"title":"x","repeatRule":"FREQ=DAILY"}"#, "repeatRule"),
        (#"{"title":"x","due":"2027-01-18T06:30:00Z","repeatRule":"FREQ=DAILY","timeZone":"Mars/Olympus"}"#, "timeZone"),
        (#"{"title":"x","due":"2027-01-18T06:30:00Z","repeatRule":"FREQ=DAILY","repeatExceptions":["soon"]}"#, "repeatExceptions[0]"),
    ])
    func aBadRepeatIsRefusedNamingTheField(body: String, field: String) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("repeat"))
            let refused = try await server.client.json(.post, "/api/v1/spots/reminders", body: body, token: token)
            #expect(refused.status == .badRequest, "\(body) → \(refused.text)")
            #expect(refused.errorField == field, "\(body) → \(refused.text)")
            #expect(try await server.client.json(.get, "/api/v1/spots/reminders", token: token).array.isEmpty)
        }
    }
}
