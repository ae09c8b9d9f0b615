import CadenceCore
import Foundation
import Testing
@testable import Spots

/// What one repeat rule may cost (issue 35): a stranger's rule decides how much counting it asks for, so repeated
/// parts are kept once, a count that need not start at the beginning does not, the work of one count is bounded,
/// and a series with many completed occurrences is counted once, not once per occurrence.
@Suite(.timeLimit(.minutes(5))) struct RepeatRuleWorkTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!

    static func series(_ rule: String, start: String, zone: TimeZone = utc) throws -> Reminder {
        var reminder = try Reminder(title: "Work", due: RecurrenceRuleTests.local(start, zone))
        try reminder.setRepeat(rule: rule, exceptions: [], zone: zone.identifier, previousDue: nil)
        return reminder
    }

    @Test func aPartListedTwoThousandTimesIsKeptOnce() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=" + Array(repeating: "MO", count: 2000).joined(separator: ",")
            + ";BYMONTH=1,1,2;BYMONTHDAY=1,1")
        #expect(rule.byDay == [.init(weekday: 1)] && rule.byMonth == [1, 2] && rule.byMonthDay == [1])
        #expect(rule.text == "FREQ=YEARLY;BYMONTH=1,2;BYMONTHDAY=1;BYDAY=MO")
    }

    /// Without COUNT the periods before the asked moment are skipped, so a query in the year 9000 costs what one
    /// in the year 2027 does, and gives the same answer as counting every occurrence from the start.
    @Test(arguments: ["FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR", "FREQ=MONTHLY;BYDAY=-1FR",
                      "FREQ=YEARLY;BYDAY=MO", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=31"])
    func skippingAheadFindsWhatCountingFromTheStartFinds(rule text: String) throws {
        let rule = try RecurrenceRule(parsing: text)
        let start = RecurrenceRuleTests.local("2026-03-01T02:30:00", Self.amsterdam)
        for year in [2026, 2031, 2099] {
            let from = RecurrenceRuleTests.local("\(year)-10-25T02:15:00", Self.amsterdam)
            let through = from.addingTimeInterval(5 * 365 * 86_400)
            let counted = rule.occurrences(start: start, in: Self.amsterdam, through: through, limit: 1_000_000).filter { $0 >= from }
            let skipped = rule.occurrences(start: start, in: Self.amsterdam, through: through, from: from, limit: 1_000_000)
            #expect(skipped == counted, "\(text) from \(year): \(skipped.count) for \(counted.count), first \(skipped.first.map(RecurrenceRuleTests.utcText) ?? "-") for \(counted.first.map(RecurrenceRuleTests.utcText) ?? "-")")
            #expect(!counted.isEmpty)
        }
        // The year 9000 is reached at once: a Monday every week of it.
        let far = RecurrenceRuleTests.local("9000-01-01T00:00:00", Self.utc)
        let series = try Self.series(text, start: "2026-01-05T09:00:00")
        if case .at(let next) = series.nextOccurrence(after: far) {
            #expect(next > far && next < far.addingTimeInterval(8 * 366 * 86_400))
        } else {
            Issue.record("\(text): no occurrence after the year 9000")
        }
    }

    @Test func aCountThatLooksTooLongStopsAndSaysSo() throws {
        // It never occurs (no 30 February), so COUNT never ends it: it would be looked for until the year 9999.
        let never = try Self.series("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=5", start: "2026-01-01T09:00:00")
        #expect(never.nextOccurrence(after: Date(timeIntervalSince1970: 1_800_000_000)) == .none, "to the year 3000 is within the limit")
        let rule = try #require(never.repeatRule)
        let end = rule.walk(start: never.due!, in: Self.utc, through: RecurrenceRuleTests.local("9999-12-31T00:00:00", Self.utc)) { _ in true }
        #expect(end == .overLimit)
        // A long legitimate count stays within it: every day for 100,000 days.
        let daily = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=100000")
        var seen = 0
        #expect(daily.walk(start: never.due!, in: Self.utc, through: Reminder.farFuture) { _ in seen += 1; return true } == .complete)
        #expect(seen == 100_000)
    }

    /// Another program checked off 200 occurrences: the series stands at the 201st, counted in one pass.
    @Test func twoHundredCompletedOccurrencesMoveTheSeriesToTheNextOpenOne() throws {
        let series = try Self.series("FREQ=DAILY;COUNT=1000", start: "2026-01-01T09:00:00")
        let completed = (0..<200).map { day in
            series.override(of: series.due!.addingTimeInterval(Double(day) * 86_400), completedAt: series.due!.addingTimeInterval(Double(day) * 86_400 + 60))
        }
        let moved = ICalendar.advancedPastCompleted([series] + completed)
        #expect(moved[0].due == series.due!.addingTimeInterval(200 * 86_400))
        #expect(moved[0].currentOccurrence == series.due!.addingTimeInterval(200 * 86_400))
    }

    /// A series written to start at 02:30 on the morning the clocks skip from 02:00 to 03:00: that first one is at
    /// 03:30 (the moment after the gap), every later one at 02:30 as written (RFC 5545 §3.3.5, python-dateutil).
    @Test func aStartInsideTheSpringForwardGapKeepsItsTimeForLaterOccurrences() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VTODO\r
            UID:gap-series\r
            SUMMARY:Night shift\r
            DTSTART;TZID=Europe/Amsterdam:20300331T023000\r
            DUE;TZID=Europe/Amsterdam:20300331T023000\r
            RRULE:FREQ=WEEKLY\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let series = try #require(try importICS(text).reminders.first)
        #expect(series.due.map(RecurrenceRuleTests.utcText) == "2030-03-31T01:30:00Z")
        var dues: [String] = []
        var at = series.due!
        for _ in 0..<3 {
            let next = try #require(series.occurrence(after: at))
            dues.append(RecurrenceRuleTests.utcText(next))
            at = next
        }
        #expect(dues == ["2030-04-07T00:30:00Z", "2030-04-14T00:30:00Z", "2030-04-21T00:30:00Z"])
        // Checked off, it moves to 02:30 a week later, and the file written again still says 02:30.
        let (moved, _) = try #require(series.completingOccurrence(at: series.due!.addingTimeInterval(60)))
        #expect(moved.due.map(RecurrenceRuleTests.utcText) == "2030-04-07T00:30:00Z")
        var edited = series
        // A new rule from the same start writes DTSTART again, at the time it was written with.
        try edited.setRepeat(rule: "FREQ=WEEKLY;COUNT=10", exceptions: [], zone: "Europe/Amsterdam", previousDue: series.due)
        #expect(edited.repeatSchedule?.writtenClock == RepeatSchedule.ClockTime(hour: 2, minute: 30, second: 0))
        #expect(edited.occurrence(after: edited.due!).map(RecurrenceRuleTests.utcText) == "2030-04-07T00:30:00Z")
        let exported = ICalendar.export([edited], now: Date())
        #expect(exported.contains("DTSTART;TZID=Europe/Amsterdam:20300331T023000"), "\(exported)")
    }
}
