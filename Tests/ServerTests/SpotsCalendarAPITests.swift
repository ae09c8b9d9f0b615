import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Spots
import SpotsStorage
import Storage
import Testing

/// iCalendar in and out (R5): `POST /api/v1/spots/import` takes VTODOs as Apple Reminders and
/// Thunderbird write them; `GET /api/v1/spots/export.ics` gives them back, places included.
@Suite(.timeLimit(.minutes(5))) struct SpotsCalendarAPITests {
    /// As Apple Reminders exports a reminder with "when I arrive" (folded, CRLF).
    static let apple = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Apple Inc.//iOS 17.4//EN",
        "CALSCALE:GREGORIAN",
        "BEGIN:VTODO",
        "CREATED:20260301T101500Z",
        "UID:6C3E9A1B-3F7D-4C52-9E1A-2B8D7F0C4A11",
        "DTSTAMP:20260301T101500Z",
        "SUMMARY:Buy oat milk",
        "DESCRIPTION:The barista one\\, not the light one",
        "X-APPLE-SORT-ORDER:715865700",
        "BEGIN:VALARM",
        "UID:0D7B3C44-9E8F-4E1B-A6D1-5C2F3B9A7E60",
        "X-WR-ALARMUID:0D7B3C44-9E8F-4E1B-A6D1-5C2F3B9A7E60",
        "ACTION:DISPLAY",
        "DESCRIPTION:Reminder",
        "TRIGGER;VALUE=DATE-TIME:19760401T005545Z",
        "X-APPLE-PROXIMITY:ARRIVE",
        "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=120;X-APPLE-REFERENCEFR",
        " AME=1;X-TITLE=Kaufhalle:geo:52.530644,13.383068",
        "END:VALARM",
        "END:VTODO",
        "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    /// As Thunderbird exports a task with a due time in its zone.
    static let thunderbird = [
        "BEGIN:VCALENDAR",
        "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
        "VERSION:2.0",
        "BEGIN:VTIMEZONE",
        "TZID:Europe/Berlin",
        "BEGIN:DAYLIGHT",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "TZNAME:CEST",
        "DTSTART:19700329T020000",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
        "END:DAYLIGHT",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "TZNAME:CET",
        "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
        "END:STANDARD",
        "END:VTIMEZONE",
        "BEGIN:VTODO",
        "CREATED:20260302T080000Z",
        "LAST-MODIFIED:20260302T080100Z",
        "DTSTAMP:20260302T080100Z",
        "UID:d4e5f6a7-thunderbird-task-1@example.org",
        "SUMMARY:Call the dentist",
        "PRIORITY:5",
        "X-MOZ-GENERATION:2",
        "DUE;TZID=Europe/Berlin:20300115T093000",
        "END:VTODO",
        "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    static func reminders(_ client: some TestClientProtocol, token: String) async throws -> [[String: Any]] {
        try await client.json(.get, "/api/v1/spots/reminders", token: token).array
    }

    @Test func appleAndThunderbirdFilesImportAndAgainUpdateInsteadOfDuplicating() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("ics"))

            let apple = try await client.importCalendar(Self.apple, token: token)
            #expect(apple.status == .ok, "\(apple.text)")
            #expect(apple.object["imported"] as? Int == 1)
            #expect(apple.object["updated"] as? Int == 0)
            #expect((apple.object["warnings"] as? [Any])?.isEmpty == true)

            let thunderbird = try await client.importCalendar(Self.thunderbird, token: token)
            #expect(thunderbird.status == .ok, "\(thunderbird.text)")
            #expect(thunderbird.object["imported"] as? Int == 1)

            let list = try await Self.reminders(client, token: token)
            #expect(list.count == 2)
            let milk = try #require(list.first { $0["title"] as? String == "Buy oat milk" })
            #expect(milk["notes"] as? String == "The barista one, not the light one")
            #expect(milk["due"] == nil)
            let place = try #require(milk["place"] as? [String: Any])
            #expect(place["name"] as? String == "Kaufhalle")
            #expect(place["latitude"] as? Double == 52.530644)
            #expect(place["longitude"] as? Double == 13.383068)
            #expect(place["radius"] as? Double == 120)
            #expect(place["trigger"] as? String == "arrive")
            let dentist = try #require(list.first { $0["title"] as? String == "Call the dentist" })
            #expect(dentist["due"] as? String == "2030-01-15T08:30:00Z")  // 09:30 in Berlin, winter
            #expect(dentist["place"] == nil)

            // The same files again: updated, not duplicated.
            let again = try await client.importCalendar(Self.apple + "", token: token)
            #expect(again.object["imported"] as? Int == 0)
            #expect(again.object["updated"] as? Int == 1)
            let againThunderbird = try await client.importCalendar(Self.thunderbird, token: token)
            #expect(againThunderbird.object["imported"] as? Int == 0)
            #expect(againThunderbird.object["updated"] as? Int == 1)
            #expect(try await Self.reminders(client, token: token).count == 2)

            // The imported place fires like any other.
            let fired = try await client.json(.post, "/api/v1/spots/locations",
                body: #"{"reports":[{"latitude":52.530644,"longitude":13.383068,"accuracy":15}]}"#, token: token)
            #expect(fired.object["fired"] as? Int == 1)
        }
    }

    @Test func twoAccountsSavingTheSameIdAtOnceEachGetTheirOwn() async throws {
        // Two imports of one UUID UID at the same moment: on PostgreSQL both used to find the id
        // free and the later one failed on the primary key (a 500). Straight at the repository, so
        // the two transactions really overlap; twenty fresh ids.
        try await withTestServer { server in
            let client = server.client
            var accounts: [UUID] = []
            for name in ["cara", "dan"] {
                let token = try await client.register(email: uniqueEmail(name))
                let me = try await client.json(.get, "/api/v1/auth/me", token: token)
                accounts.append(try #require(UUID(uuidString: me.object["id"] as? String ?? "")))
            }
            let store = SQLSpotsStore(database: server.database)
            let now = Date()
            for _ in 0..<20 {
                let shared = try Reminder(id: UUID(), title: "Buy oat milk", due: now.addingTimeInterval(86_400))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for account in accounts {
                        group.addTask {
                            _ = try await store.saveAll([shared], accountID: account, at: now) { reminder in
                                try Reminder(id: UUID(), title: reminder.title, due: reminder.due)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let cara = try await store.reminders(accountID: accounts[0]).map(\.reminder.id)
            let dan = try await store.reminders(accountID: accounts[1]).map(\.reminder.id)
            #expect(cara.count == 20 && dan.count == 20)
            #expect(Set(cara).isDisjoint(with: dan))
        }
    }

    @Test func aSecondAccountImportingTheSameFileGetsItsOwnReminders() async throws {
        try await withTestServer { server in
            let client = server.client
            let ann = try await client.register(email: uniqueEmail("ann"))
            let bob = try await client.register(email: uniqueEmail("bob"))
            for token in [ann, bob] {
                for file in [Self.apple, Self.thunderbird] {
                    let response = try await client.importCalendar(file, token: token)
                    #expect(response.status == .ok, "\(response.text)")
                    #expect(response.object["imported"] as? Int == 1, "\(response.text)")
                }
            }
            // And again for Bob: still updates of his own.
            let again = try await client.importCalendar(Self.apple, token: bob)
            #expect(again.status == .ok, "\(again.text)")
            #expect(again.object["updated"] as? Int == 1)
            let annIDs = Set(try await Self.reminders(client, token: ann).compactMap { $0["id"] as? String })
            let bobIDs = Set(try await Self.reminders(client, token: bob).compactMap { $0["id"] as? String })
            #expect(annIDs.count == 2)
            #expect(bobIDs.count == 2)
            #expect(annIDs.isDisjoint(with: bobIDs))
            // Bob's edit does not touch Ann's reminder.
            for id in bobIDs {
                #expect(try await client.json(.delete, "/api/v1/spots/reminders/\(id)", token: bob).status == .noContent)
            }
            #expect(try await Self.reminders(client, token: ann).count == 2)
        }
    }

    @Test func theExportParsesBackWithItsPlacesAndUnknownProperties() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("ics"))
            _ = try await client.importCalendar(Self.apple, token: token)
            _ = try await client.importCalendar(Self.thunderbird, token: token)
            _ = try await client.createReminder(
                SpotsFixture.placeReminder(title: "Leave, then lock", name: "Office; 3rd floor", latitude: 48.137154,
                                           longitude: 11.576124, radius: 250, trigger: "leave"), token: token)
            _ = try await client.createReminder(#"{"title":"Pay rent","due":"2030-02-01T08:00:00Z"}"#, token: token)

            let export = try await client.json(.get, "/api/v1/spots/export.ics", token: token)
            #expect(export.status == .ok)
            #expect(export.headers[.contentType]?.hasPrefix("text/calendar") == true)
            #expect(export.headers[.contentDisposition]?.contains(".ics") == true)
            let text = export.text
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(text.hasSuffix("END:VCALENDAR\r\n"))
            let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
            #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
            #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == 4)
            #expect(lines.contains("X-APPLE-PROXIMITY:ARRIVE"))
            #expect(lines.contains("X-APPLE-PROXIMITY:DEPART"))
            #expect(lines.contains("PROXIMITY:DEPART"))
            #expect(lines.contains { $0.hasPrefix("X-APPLE-STRUCTURED-LOCATION") && $0.contains("geo:48.137154,11.576124") })
            #expect(lines.contains("X-APPLE-SORT-ORDER:715865700"))
            #expect(lines.contains("X-MOZ-GENERATION:2"))
            #expect(lines.contains("DUE:20300201T080000Z"))
            // Times are written in UTC, so the file's VTIMEZONE is no longer needed and not repeated.
            #expect(lines.contains("DUE:20300115T083000Z"))

            // Another account reads the export back into the same reminders.
            let other = try await client.register(email: uniqueEmail("ics"))
            let back = try await client.importCalendar(text, token: other)
            #expect(back.status == .ok, "\(back.text)")
            #expect(back.object["imported"] as? Int == 4)
            let mine = try await Self.reminders(client, token: token)
            let theirs = try await Self.reminders(client, token: other)
            func summary(_ list: [[String: Any]]) -> [String] {
                list.map { reminder in
                    let place = reminder["place"] as? [String: Any]
                    return [reminder["title"], reminder["notes"], reminder["due"], place?["name"], place?["latitude"], place?["longitude"],
                            place?["radius"], place?["trigger"]].map { "\($0 ?? "-")" }.joined(separator: "|")
                }.sorted()
            }
            #expect(summary(mine) == summary(theirs))
            // And the exporting account itself: all updates, nothing new.
            let same = try await client.importCalendar(text, token: token)
            #expect(same.object["imported"] as? Int == 0)
            #expect(same.object["updated"] as? Int == 4)
        }
    }

    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:Bad date\r\nDUE:20301301T090000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 6),
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:No colon\r\nthis line has no colon\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 6),
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:Zone\r\nDUE;TZID=Mars/Olympus:20300101T090000\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 6),
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:Off the map\r\nGEO:95.0;13.4\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 6),
    ])
    func aBadLineIsAWarningWithItsLineAndEveryTaskIsSaved(file: String, line: Int) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("ics"))
            // A good VTODO before the one with the bad line: both are saved.
            let good = Self.apple.replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
            let withGood = good + file.replacingOccurrences(of: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", with: "")
            let shift = good.components(separatedBy: "\r\n").count - 1 - 2
            let response = try await server.client.importCalendar(withGood, token: token)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.object["imported"] as? Int == 2, "\(response.text)")
            let warnings = try #require(response.object["warnings"] as? [[String: Any]])
            #expect(warnings.map { $0["line"] as? Int } == [line + shift], "\(response.text)")
            #expect((warnings.first?["reason"] as? String)?.isEmpty == false)
            #expect(try await Self.reminders(server.client, token: token).count == 2)
        }
    }

    @Test func aFileCutOffIsRefusedWithItsLineAndNothingIsSaved() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("ics"))
            let good = Self.apple.replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
            let cut = good + "BEGIN:VTODO\r\nUID:x\r\nSUMMARY:Unclosed\r\nDUE:20300101T090000Z\r\nEND:VCALENDAR\r\n"
            let response = try await server.client.importCalendar(cut, token: token)
            #expect(response.status == .unprocessableContent, "\(response.text)")
            #expect(response.errorCode == "invalid_calendar")
            let line = good.components(separatedBy: "\r\n").count + 4  // END:VCALENDAR, which does not close BEGIN:VTODO
            #expect(response.errorMessage?.hasPrefix("Line \(line):") == true, "\(response.text)")
            #expect(try await Self.reminders(server.client, token: token).isEmpty)
        }
    }

    @Test func notACalendarAtAllIsRefused() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("ics"))
            let response = try await server.client.importCalendar("Hello, this is a shopping list.\n", token: token)
            #expect(response.status == .unprocessableContent)
            #expect(response.errorField == "file")
            let binary = try await server.client.upload(.post, "/api/v1/spots/import", body: ByteBuffer(bytes: [0xFF, 0xFE, 0x00, 0x42]),
                                                        contentType: "text/calendar", authorization: "Bearer \(token)")
            #expect(binary.status.code == 400 || binary.status.code == 422, "\(binary.text)")
            #expect(binary.errorField == "file")
        }
    }

    @Test func theWrongContentTypeOrATooLargeFileIsRefused() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("ics"))
            let json = try await server.client.importCalendar(Self.apple, token: token, contentType: "application/json")
            #expect(json.status == .unsupportedMediaType)
            let none = try await server.client.upload(.post, "/api/v1/spots/import", body: ByteBuffer(string: Self.apple),
                                                      contentType: nil, authorization: "Bearer \(token)")
            #expect(none.status == .unsupportedMediaType)

            // Just over 10 MB: a valid start, then a long description.
            var big = ByteBuffer(string: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:big\r\nSUMMARY:Big\r\nDUE:20300101T090000Z\r\n")
            let line = "X-FILLER:" + String(repeating: "x", count: 60) + "\r\n"
            while big.readableBytes <= 10 * 1_048_576 { big.writeString(line) }
            big.writeString("END:VTODO\r\nEND:VCALENDAR\r\n")
            let tooLarge = try await server.client.upload(.post, "/api/v1/spots/import", body: big, contentType: "text/calendar",
                                                          authorization: "Bearer \(token)")
            #expect(tooLarge.status == .contentTooLarge)
            #expect(try await Self.reminders(server.client, token: token).isEmpty)
            #expect(try await server.client.importCalendar(Self.apple, token: "nope").status == .unauthorized)
        }
    }

    @Test func theExportOfAnEmptyAccountIsAnEmptyCalendar() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("ics"))
            let export = try await server.client.json(.get, "/api/v1/spots/export.ics", token: token)
            #expect(export.status == .ok)
            #expect(export.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(!export.text.contains("BEGIN:VTODO"))
            let back = try await server.client.importCalendar(export.text, token: token)
            #expect(back.status == .ok)
            #expect(back.object["imported"] as? Int == 0)
        }
    }
}
