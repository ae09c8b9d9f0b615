import Foundation
import Testing

@testable import Spots

/// An all-day task stays all-day on its way back out, whatever else it carries (issue 35, item 11).
@Suite("iCalendar: all-day tasks keep their dates", .timeLimit(.minutes(5)))
struct ICalendarAllDayTests {
    @Test("DTSTART;VALUE=DATE with DUE;VALUE=DATE comes back as two dates, not a DUE at 09:00 UTC")
    func startAndDueAsDates() throws {
        let read = try importICS(todoCalendar(["UID:all-day", "SUMMARY:Recycling", "DTSTART;VALUE=DATE:20240308",
                                               "DUE;VALUE=DATE:20240310"]))
        let lines = unfoldedLines(ICalendar.export(read.reminders, now: exportTime))
        #expect(lines.contains("DUE;VALUE=DATE:20240310"), "\(lines)")
        #expect(lines.contains("DTSTART;VALUE=DATE:20240308"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("DUE:") }, "\(lines)")
    }

    @Test("DUE;VALUE=DATE alone stays a date")
    func dueAlone() throws {
        let read = try importICS(todoCalendar(["UID:all-day-2", "SUMMARY:Recycling", "DUE;VALUE=DATE:20240310"]))
        let lines = unfoldedLines(ICalendar.export(read.reminders, now: exportTime))
        #expect(lines.contains("DUE;VALUE=DATE:20240310"), "\(lines)")
    }

    /// The reproduction: a repeating all-day task came back with `DUE:…T090000Z` (the series' first occurrence
    /// written as a time), and one with only a DUE date got a timed DTSTART beside it.
    @Test("an all-day series keeps DUE and DTSTART as dates", arguments: [
        (["DTSTART;VALUE=DATE:20240308", "DUE;VALUE=DATE:20240310", "RRULE:FREQ=WEEKLY"],
         ["DTSTART;VALUE=DATE:20240308", "DUE;VALUE=DATE:20240310"]),
        (["DTSTART;VALUE=DATE:20240308", "RRULE:FREQ=WEEKLY;COUNT=3"], ["DTSTART;VALUE=DATE:20240308"]),
        (["DUE;VALUE=DATE:20240310", "RRULE:FREQ=MONTHLY"], ["DTSTART;VALUE=DATE:20240310", "DUE;VALUE=DATE:20240310"]),
    ])
    func allDaySeries(given: [String], expected: [String]) throws {
        let read = try importICS(todoCalendar(["UID:all-day-series", "SUMMARY:Bins out"] + given))
        let lines = unfoldedLines(ICalendar.export(read.reminders, now: exportTime))
        let dates = lines.filter { ($0.hasPrefix("DUE") || $0.hasPrefix("DTSTART")) && !$0.hasPrefix("DTSTART:1970") }
        #expect(dates == expected)
        let again = try importICS(ICalendar.export(read.reminders, now: exportTime))
        #expect(again.reminders.first?.due == read.reminders.first?.due)
        #expect(again.reminders.first?.repeatRule == read.reminders.first?.repeatRule)
    }
}
