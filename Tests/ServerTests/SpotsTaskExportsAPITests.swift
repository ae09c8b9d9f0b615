import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Task lists as other programs export them (fixtures in Tests/SpotsTests/Fixtures, shapes of
/// Tasks.org's test files), through the API on both engines: every task is kept and listed, a line
/// Cadence cannot read is a warning, and the export gives series and occurrences back.
@Suite(.timeLimit(.minutes(5))) struct SpotsTaskExportsAPITests {
    static func list(_ client: some TestClientProtocol, token: String) async throws -> [[String: Any]] {
        try await client.json(.get, "/api/v1/spots/reminders", token: token).array
    }

    /// The VTODOs of a calendar, each as its unfolded lines between BEGIN:VTODO and END:VTODO.
    static func todos(_ text: String) -> [[String]] {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "")
            .components(separatedBy: "\n")
        var todos: [[String]] = [], current: [String]?
        for line in lines {
            if line == "BEGIN:VTODO" { current = [] } else if line == "END:VTODO" {
                todos.append(current ?? [])
                current = nil
            } else if current != nil { current!.append(line) }
        }
        return todos
    }

    static func export(_ client: some TestClientProtocol, token: String) async throws -> String {
        let export = try await client.json(.get, "/api/v1/spots/export.ics", token: token)
        #expect(export.status == .ok)
        return export.text
    }

    @Test(arguments: [
        // file, title, RRULE, the first occurrence's due time (eM Client's are floating: read in UTC here), and the next
        // one, where the series stands since the first is checked off
        ("emclient_completed_recurring.ics", "Water the balcony plants", "FREQ=DAILY", "2025-03-03T08:00:00Z", "2025-03-04T08:00:00Z"),
        ("thunderbird_completed_repeating.ics", "Take out the recycling", "FREQ=WEEKLY;INTERVAL=2", "2025-03-12T00:00:00Z",
         "2025-03-26T00:00:00Z"),
    ])
    func aRepeatingTaskKeepsItsSeriesAndItsCompletedOccurrenceAndExportsBothUnchanged(
        file: String, title: String, rule: String, firstDue: String, nextDue: String
    ) async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("repeat"))
            let original = try SpotsFixture.export(file)
            let imported = try await client.importCalendar(original, token: token)
            #expect(imported.status == .ok, "\(imported.text)")
            #expect(imported.object["imported"] as? Int == 2, "\(imported.text)")
            #expect(imported.object["updated"] as? Int == 0)
            #expect((imported.object["warnings"] as? [Any])?.isEmpty == true, "\(imported.text)")

            // Listed: the series open (with its rule), the occurrence done (with the time it was due).
            let list = try await Self.list(client, token: token)
            #expect(list.count == 2)
            let series = try #require(list.first { $0["completedAt"] == nil })
            let occurrence = try #require(list.first { $0["completedAt"] != nil })
            #expect(series["title"] as? String == title && occurrence["title"] as? String == title)
            #expect(series["repeatRule"] as? String == rule)
            #expect(series["occurrenceOf"] == nil)
            #expect(series["due"] as? String == nextDue)
            #expect(occurrence["occurrenceOf"] as? String == firstDue)
            #expect(occurrence["repeatRule"] == nil)
            #expect(series["id"] as? String != occurrence["id"] as? String)

            // Exported: both VTODOs, each with every line it came with (DTSTAMP the export's; DUE in UTC, or for the series
            // in its own zone, at its first occurrence, as it came).
            let exported = try await Self.export(client, token: token)
            let exportedTodos = Self.todos(exported)
            #expect(exportedTodos.count == 2)
            for todo in Self.todos(original) {
                let recurrenceID = todo.first { $0.hasPrefix("RECURRENCE-ID") }
                let back = try #require(exportedTodos.first { $0.first { $0.hasPrefix("RECURRENCE-ID") } == recurrenceID })
                for line in todo where !line.hasPrefix("DUE") && !line.hasPrefix("DTSTAMP") {
                    #expect(back.contains(line), "\(file): '\(line)' is missing from \(back)")
                }
                let utc = firstDue.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
                let originalDue = try #require(todo.first { $0.hasPrefix("DUE") })
                #expect(back.contains("DUE:\(utc)") || (recurrenceID == nil && back.contains(originalDue)), "\(back)")
            }

            // The export reads back: into this account as updates, into another as the same two tasks.
            let again = try await client.importCalendar(exported, token: token)
            #expect(again.object["imported"] as? Int == 0 && again.object["updated"] as? Int == 2, "\(again.text)")
            let other = try await client.register(email: uniqueEmail("repeat"))
            let theirs = try await client.importCalendar(exported, token: other)
            #expect(theirs.object["imported"] as? Int == 2, "\(theirs.text)")
            func shown(_ list: [[String: Any]]) -> [String] {
                list.map { task in
                    ["title", "due", "completedAt", "repeatRule", "occurrenceOf"].map { "\(task[$0] ?? "-")" }.joined(separator: "|")
                }.sorted()
            }
            #expect(shown(try await Self.list(client, token: other)) == shown(try await Self.list(client, token: token)))
            // And their export still pairs the occurrence with its series by UID.
            let uids = Self.todos(try await Self.export(client, token: other)).map { $0.first { $0.hasPrefix("UID:") } }
            #expect(uids.count == 2 && uids[0] == uids[1] && uids[0] == Self.todos(original)[0].first { $0.hasPrefix("UID:") })
        }
    }

    @Test func aMalformedLineIsAWarningAndEveryTaskIsKeptAndListed() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("synology"))
            let file = try SpotsFixture.export("synology_tasks.ics")
            let imported = try await client.importCalendar(file, token: token)
            #expect(imported.status == .ok, "\(imported.text)")
            #expect(imported.object["imported"] as? Int == 4, "\(imported.text)")
            let warnings = try #require(imported.object["warnings"] as? [[String: Any]])
            let badLines = file.components(separatedBy: "\n").enumerated().filter { $0.element.hasPrefix("PERCENT_COMPLETE") }.map { $0.offset + 1 }
            #expect(warnings.compactMap { $0["line"] as? Int } == badLines)
            #expect(badLines.count == 2 && imported.object["warningCount"] as? Int == 2)
            for warning in warnings {
                let reason = try #require(warning["reason"] as? String)
                #expect(reason.contains("PERCENT_COMPLETE:100") && reason.contains("skipped"), "\(reason)")
            }

            let list = try await Self.list(client, token: token)
            #expect(list.count == 4)
            func task(_ title: String) throws -> [String: Any] { try #require(list.first { $0["title"] as? String == title }) }
            let plain = try task("Renew the library card")
            #expect(plain["due"] == nil && plain["place"] == nil && plain["completedAt"] == nil)
            #expect(try task("Book the chimney sweep")["due"] as? String == "2030-01-12T07:00:00Z")  // 08:00 in Prague, winter
            #expect(try task("Return the drill")["completedAt"] != nil)
            #expect(try task("Pay the parking fine")["completedAt"] != nil)

            let exported = try await Self.export(client, token: token)
            #expect(!exported.contains("PERCENT_COMPLETE"))
            #expect(exported.contains("LAST-MOD:20250111T085445"))
            #expect(Self.todos(exported).count == 4)
        }
    }

    @Test func aFileOfBadLinesListsTheFirstHundredAndCountsThemAll() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("noisy"))
            let noise = (1...150).map { "X_NOISE_\($0):1\r\n" }.joined()
            let file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:noisy-1\r\nSUMMARY:Still here\r\n\(noise)END:VTODO\r\nEND:VCALENDAR\r\n"
            let imported = try await server.client.importCalendar(file, token: token)
            #expect(imported.status == .ok, "\(imported.text)")
            #expect(imported.object["imported"] as? Int == 1)
            #expect(imported.object["warningCount"] as? Int == 150)
            let warnings = try #require(imported.object["warnings"] as? [[String: Any]])
            #expect(warnings.count == 100 && warnings.first?["line"] as? Int == 6 && warnings.last?["line"] as? Int == 105)
        }
    }

    @Test func tasksWithoutADueTimeOrPlaceAreKeptAndAStartOrAnAlarmGivesTheirTime() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("todo"))
            for file in ["apple_no_due_date.ics", "thunderbird_start_date_time.ics", "thunderbird_date_time_reminder.ics"] {
                let imported = try await client.importCalendar(try SpotsFixture.export(file), token: token)
                #expect(imported.status == .ok, "\(imported.text)")
                #expect(imported.object["imported"] as? Int == 1, "\(file): \(imported.text)")
            }
            let list = try await Self.list(client, token: token)
            func task(_ title: String) throws -> [String: Any] { try #require(list.first { $0["title"] as? String == title }) }
            let plain = try task("Find the spare bike lock")
            #expect(plain["due"] == nil && plain["place"] == nil)
            #expect(plain["notes"] as? String == "The blue one in the hall cupboard")
            #expect(try task("Defrost the freezer")["due"] as? String == "2030-01-12T17:00:00Z")  // DTSTART 11:00 in Chicago
            #expect(try task("Call the garage about the tyres")["due"] as? String == "2030-01-21T19:00:00Z")  // the alarm's time

            // Exported where they came from: the start as DTSTART, the alarm as it was; no DUE added.
            let todos = Self.todos(try await Self.export(client, token: token))
            func exported(_ title: String) throws -> [String] { try #require(todos.first { $0.contains("SUMMARY:\(title)") }) }
            let start = try exported("Defrost the freezer")
            #expect(start.contains("DTSTART:20300112T170000Z") && !start.contains { $0.hasPrefix("DUE") }, "\(start)")
            let alarm = try exported("Call the garage about the tyres")
            #expect(alarm.contains("TRIGGER;VALUE=DATE-TIME:20300121T190000Z") && !alarm.contains { $0.hasPrefix("DUE") }, "\(alarm)")
            #expect(!(try exported("Find the spare bike lock")).contains { $0.hasPrefix("DUE") || $0.hasPrefix("DTSTART") })

            // A plain to-do can be edited, and made, like any reminder.
            let edited = try await client.json(.put, "/api/v1/spots/reminders/\(plain["id"]!)",
                                               body: #"{"title":"Find the spare bike lock (blue)"}"#, token: token)
            #expect(edited.status == .ok, "\(edited.text)")
            let made = try await client.json(.post, "/api/v1/spots/reminders", body: #"{"title":"Someday: learn the cello"}"#, token: token)
            #expect(made.status == .created, "\(made.text)")
            #expect(made.object["due"] == nil && made.object["place"] == nil)
        }
    }
}
