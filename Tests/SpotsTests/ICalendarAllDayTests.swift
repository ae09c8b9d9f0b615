import Foundation
import Testing

@testable import Spots

/// An all-day task stays all-day on its way back out, whatever else it carries (issue 35, item 11).
@Suite("iCalendar: all-day tasks keep their dates")
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
}
