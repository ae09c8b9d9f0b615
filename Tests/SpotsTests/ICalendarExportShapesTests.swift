import Foundation
import Testing

@testable import Spots

/// A task export in Fixtures/ (shapes of Tasks.org's test files; see the README there).
func exportFixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
}

@Suite("Other programs' task exports: repeats, malformed lines, tasks without a due time", .timeLimit(.minutes(5)))
struct ICalendarExportShapesTests {
    static let files = [
        "emclient_completed_recurring.ics", "thunderbird_completed_repeating.ics", "thunderbird_start_date_time.ics",
        "thunderbird_date_time_reminder.ics", "apple_no_due_date.ics", "synology_tasks.ics",
    ]

    @Test("Every task of every file is kept, and import → export → import gives them back equal", arguments: files)
    func everyTaskKeptAndRoundTrips(_ file: String) throws {
        let text = try exportFixture(file)
        let first = try importICS(text)
        #expect(first.reminders.count == text.components(separatedBy: "BEGIN:VTODO").count - 1)
        let exported = ICalendar.export(first.reminders, now: exportTime)
        let second = try importICS(exported)
        #expect(second.reminders == first.reminders)
        #expect(second.warnings.isEmpty)
        #expect(ICalendar.export(second.reminders, now: exportTime) == exported)
    }

    @Test("eM Client: the series and its completed occurrence are two reminders; both go back out with one UID")
    func seriesAndOccurrence() throws {
        let result = try importICS(try exportFixture("emclient_completed_recurring.ics"))
        #expect(result.warnings.isEmpty)
        let series = try #require(result.reminders.first)
        let occurrence = try #require(result.reminders.last)
        #expect(result.reminders.count == 2 && series.id != occurrence.id)
        #expect(series.recurrence == .series(rule: "FREQ=DAILY"))
        #expect(series.id == ICalendar.reminderID(forUID: "4417402983517700219"))
        // The occurrence of 3 March is done, so the series stands at the next one.
        #expect(series.due == utcDate("20250304T080000Z") && !series.isComplete)
        #expect(series.repeatSchedule?.start == utcDate("20250303T080000Z"))
        #expect(occurrence.recurrence == .occurrence(originalStart: utcDate("20250303T080000Z")))
        #expect(occurrence.completedAt == utcDate("20250303T071502Z"))
        #expect(series.preserved.uid == "4417402983517700219" && occurrence.preserved.uid == "4417402983517700219")

        let todos = ICalendar.export(result.reminders, now: exportTime).components(separatedBy: "BEGIN:VTODO").dropFirst()
        #expect(todos.count == 2)
        #expect(todos.allSatisfy { $0.contains("UID:4417402983517700219\r\n") })
        #expect(todos.filter { $0.contains("RRULE:FREQ=DAILY\r\n") }.count == 1)
        #expect(todos.filter { $0.contains("RECURRENCE-ID:20250303T080000\r\n") }.count == 1)
    }

    @Test("Thunderbird: the occurrence's RECURRENCE-ID keeps its zone, which is exported with it")
    func occurrenceInAZone() throws {
        let result = try importICS(try exportFixture("thunderbird_completed_repeating.ics"))
        #expect(result.reminders.map(\.recurrence) == [
            .series(rule: "FREQ=WEEKLY;INTERVAL=2"), .occurrence(originalStart: utcDate("20250312T000000Z")),
        ])
        let exported = unfoldedLines(ICalendar.export(result.reminders, now: exportTime))
        #expect(exported.contains("RECURRENCE-ID;TZID=America/Chicago:20250311T190000"))
        #expect(exported.filter { $0 == "TZID:America/Chicago" }.count == 1)
        // The same occurrence imported again is the same reminder, whatever zone the person is in.
        let berlin = try importICS(try exportFixture("thunderbird_completed_repeating.ics"), zone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(berlin.reminders.map(\.id) == result.reminders.map(\.id))
    }

    @Test("Synology: PERCENT_COMPLETE is skipped with a warning per line; all four tasks are kept")
    func synology() throws {
        let text = try exportFixture("synology_tasks.ics")
        let result = try importICS(text)
        let lines = text.components(separatedBy: "\n")
        #expect(result.warnings.map(\.line) == lines.indices.filter { lines[$0] == "PERCENT_COMPLETE:100" }.map { $0 + 1 })
        #expect(result.warnings.count == 2)
        #expect(result.warnings.allSatisfy {
            $0.reason == "'PERCENT_COMPLETE:100' is not a property: a property name has only letters, digits and '-'. The line was skipped."
        })
        #expect(result.reminders.map(\.title) == ["Renew the library card", "Book the chimney sweep", "Return the drill", "Pay the parking fine"])
        #expect(result.reminders.map(\.isComplete) == [false, false, true, true])
        #expect(result.reminders[0].isPlainToDo)
        #expect(result.reminders[1].due == utcDate("20300112T070000Z"))  // VTIMEZONE after the task: 08:00 CET
        #expect(result.reminders[3].completedAt == utcDate("20250111T085610Z"))  // no COMPLETED: the floating DTSTAMP
    }

    @Test("A task with only DTSTART reminds at its start; the export keeps it a DTSTART, moved with the time")
    func startOnly() throws {
        var task = try #require(try importICS(try exportFixture("thunderbird_start_date_time.ics")).reminders.first)
        #expect(task.due == utcDate("20300112T170000Z"))
        #expect(DueRules.alerts([task], now: utcDate("20300112T170000Z")).map(\.reminderID) == [task.id])
        #expect(DueRules.alerts([task], now: utcDate("20300112T165959Z")).isEmpty)
        var lines = unfoldedLines(ICalendar.export([task], now: exportTime))
        #expect(lines.contains("DTSTART:20300112T170000Z") && !lines.contains { $0.hasPrefix("DUE") })
        task.due = utcDate("20300113T090000Z")
        lines = unfoldedLines(ICalendar.export([task], now: exportTime))
        #expect(lines.contains("DTSTART:20300113T090000Z") && !lines.contains { $0.hasPrefix("DUE") })
    }

    @Test("A task with only an absolute alarm reminds then; the alarm moves with the time, and goes with it")
    func alarmOnly() throws {
        var task = try #require(try importICS(try exportFixture("thunderbird_date_time_reminder.ics")).reminders.first)
        #expect(task.due == utcDate("20300121T190000Z"))
        #expect(DueRules.alerts([task], now: utcDate("20300121T190000Z")).map(\.reminderID) == [task.id])
        var lines = unfoldedLines(ICalendar.export([task], now: exportTime))
        #expect(lines.contains("TRIGGER;VALUE=DATE-TIME:20300121T190000Z") && lines.contains("DESCRIPTION:Default Mozilla Description"))
        #expect(!lines.contains { $0.hasPrefix("DUE") })
        task.due = utcDate("20300122T080000Z")
        lines = unfoldedLines(ICalendar.export([task], now: exportTime))
        #expect(lines.contains("TRIGGER;VALUE=DATE-TIME:20300122T080000Z") && !lines.contains { $0.hasPrefix("DUE") })
        task.due = nil
        lines = unfoldedLines(ICalendar.export([task], now: exportTime))
        #expect(!lines.contains("BEGIN:VALARM") && !lines.contains { $0.hasPrefix("DUE") })
    }

    @Test("DUE wins over DTSTART and an alarm; a proximity alarm's 1976 trigger is never a time")
    func dueWins() throws {
        let result = try importICS(todoCalendar([
            "UID:x", "DTSTART:20300101T080000Z", "DUE:20300102T080000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20300101T070000Z", "END:VALARM",
        ]))
        #expect(result.reminders.first?.due == utcDate("20300102T080000Z"))
        let proximity = try importICS(todoCalendar([
            "UID:y", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "X-APPLE-PROXIMITY:CONNECT",
            "END:VALARM",
        ]))
        #expect(proximity.reminders.first?.isPlainToDo == true)
    }
}
