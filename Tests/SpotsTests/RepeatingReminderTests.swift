import CadenceCore
import Foundation
import Testing
@testable import Spots

/// Repeating reminders: a series steps through the same occurrences python-dateutil computes, completing one keeps
/// it as a completed occurrence (same UID, RECURRENCE-ID) and moves the series on, and iCalendar carries it both ways.
@Suite(.timeLimit(.minutes(5))) struct RepeatingReminderTests {
    static let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!

    static func series(_ rule: String, start: String, zone: TimeZone = amsterdam, exceptions: [Date] = []) throws -> Reminder {
        let first = RecurrenceRuleTests.local(start, zone)
        var reminder = try Reminder(title: "Water the plants", due: first)
        try reminder.setRepeat(rule: rule, exceptions: exceptions, zone: zone.identifier, previousDue: nil)
        return reminder
    }

    @Test(arguments: RecurrenceRuleTests.fixture.cases.map(\.rule))
    func stepsThroughDateutilsOccurrences(rule: String) throws {
        let c = try #require(RecurrenceRuleTests.fixture.cases.first { $0.rule == rule })
        let exdates = c.exdates.map { RecurrenceRuleTests.local($0, Self.amsterdam) }
        var reminder = try Self.series(c.rule, start: c.start, exceptions: exdates)
        let through = try #require(ISO8601DateFormatter().date(from: c.through))
        // The series' own first occurrence is its start unless an exception or the rule itself leaves it out.
        var found: [Date] = []
        var at = reminder.due!.addingTimeInterval(-1)
        while let next = reminder.occurrence(after: at), next <= through {
            found.append(next)
            at = next
        }
        #expect(found.map(RecurrenceRuleTests.utcText) == c.occurrences)
        reminder.due = found.first
        #expect(reminder.currentOccurrence == found.first)
    }

    @Test func completingMovesToTheNextAndKeepsTheCompletedOccurrence() throws {
        let series = try Self.series("FREQ=WEEKLY;BYDAY=MO,WE", start: "2026-03-23T07:30:00")  // a Monday, before DST
        let now = RecurrenceRuleTests.local("2026-03-23T08:00:00", Self.amsterdam)
        let (moved, completed) = try #require(series.completingOccurrence(at: now))
        #expect(moved.due.map(RecurrenceRuleTests.utcText) == "2026-03-25T06:30:00Z")
        #expect(!moved.isComplete)
        let done = try #require(completed)
        #expect(done.completedAt == now)
        #expect(done.recurrence == .occurrence(originalStart: series.due!))
        #expect(done.preserved.uid == series.id.uuidString)
        #expect(done.id != series.id)
        // The clocks change on 29 March: Monday the 30th is still 07:30 in Amsterdam, an hour earlier in UTC.
        let (later, _) = try #require(moved.completingOccurrence(at: now))
        #expect(later.due.map(RecurrenceRuleTests.utcText) == "2026-03-30T05:30:00Z")
        // Completing the same occurrence twice makes the same override (one record, not two).
        #expect(series.completingOccurrence(at: now.addingTimeInterval(60))?.completed?.id == done.id)
    }

    @Test func theLastOccurrenceCompletesTheSeries() throws {
        var series = try Self.series("FREQ=DAILY;COUNT=2", start: "2026-05-01T09:00:00")
        let now = RecurrenceRuleTests.local("2026-05-03T09:00:00", Self.amsterdam)
        series = try #require(series.completingOccurrence(at: now)).series
        #expect(!series.isComplete)
        let (last, completed) = try #require(series.completingOccurrence(at: now))
        #expect(last.isComplete)
        #expect(completed == nil)
    }

    @Test func aSnoozedOccurrenceIsStillThatOccurrence() throws {
        var series = try Self.series("FREQ=DAILY", start: "2026-05-01T09:00:00")
        let snoozedAt = RecurrenceRuleTests.local("2026-05-01T09:05:00", Self.amsterdam)
        try series.snooze(minutes: 10, now: snoozedAt)
        let (moved, completed) = try #require(series.completingOccurrence(at: snoozedAt))
        #expect(completed?.recurrence == .occurrence(originalStart: RecurrenceRuleTests.local("2026-05-01T09:00:00", Self.amsterdam)))
        #expect(moved.due == RecurrenceRuleTests.local("2026-05-02T09:00:00", Self.amsterdam))
    }

    @Test func aPlaceReminderRepeatsEveryArrival() throws {
        let fence = try Fence(id: UUID(), center: Coordinate(latitude: 52.37, longitude: 4.89), radius: 150, trigger: .arrive)
        var gym = try Reminder(title: "Stretch", place: Place(name: "Gym", fence: fence))
        try gym.setRepeat(rule: "FREQ=DAILY", exceptions: [], zone: "Europe/Amsterdam", previousDue: nil)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let (still, visit) = try #require(gym.completingOccurrence(at: now))
        #expect(!still.isComplete)
        #expect(visit?.isComplete == true)
        #expect(visit?.recurrence == .occurrence(originalStart: now))
    }

    @Test func aRepeatNeedsATimeOrAPlaceAndAReadableRule() throws {
        var todo = try Reminder(title: "Someday")
        #expect(throws: ValidationError.self) { try todo.setRepeat(rule: "FREQ=DAILY", exceptions: [], zone: "UTC", previousDue: nil) }
        todo.due = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(throws: ValidationError.self) { try todo.setRepeat(rule: "FREQ=DAILY;BYSETPOS=1", exceptions: [], zone: "UTC", previousDue: nil) }
        #expect(throws: ValidationError.self) { try todo.setRepeat(rule: "FREQ=DAILY", exceptions: [], zone: "Mars/Olympus", previousDue: nil) }
        try todo.setRepeat(rule: "FREQ=DAILY", exceptions: [], zone: "UTC", previousDue: nil)
        try todo.setRepeat(rule: nil, exceptions: [], zone: "UTC", previousDue: nil)
        #expect(todo.recurrence == nil && todo.repeatSchedule == nil)
    }

    @Test func anEditKeepsTheSeriesStartUnlessTheRuleOrTimeChanges() throws {
        var series = try Self.series("FREQ=DAILY", start: "2026-05-01T09:00:00")
        let start = series.repeatSchedule!.start
        series = try #require(series.completingOccurrence(at: start)).series  // now due on 2 May
        let due = series.due
        try series.setRepeat(rule: "FREQ=DAILY", exceptions: [], zone: "Europe/Amsterdam", previousDue: due)
        #expect(series.repeatSchedule?.start == start)
        try series.setRepeat(rule: "FREQ=DAILY;INTERVAL=2", exceptions: [], zone: "Europe/Amsterdam", previousDue: due)
        #expect(series.repeatSchedule?.start == due)
    }

    @Test func exportAndImportKeepTheSeriesAndItsCompletedOccurrence() throws {
        let series = try Self.series("FREQ=WEEKLY;BYDAY=MO,WE", start: "2026-03-23T07:30:00",
                                     exceptions: [RecurrenceRuleTests.local("2026-03-30T07:30:00", Self.amsterdam)])
        let now = RecurrenceRuleTests.local("2026-03-23T08:00:00", Self.amsterdam)
        let (moved, completed) = try #require(series.completingOccurrence(at: now))
        let text = ICalendar.export([moved, completed!], now: now)
        #expect(text.contains("DTSTART;TZID=Europe/Amsterdam:20260323T073000\r\n"))
        #expect(text.contains("DUE;TZID=Europe/Amsterdam:20260323T073000\r\n"))
        #expect(text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\n"))
        #expect(text.contains("EXDATE:20260330T053000Z\r\n"))
        #expect(text.contains("RECURRENCE-ID:20260323T063000Z\r\n"))

        let read = try ICalendar.parse(text, defaultTimeZone: TimeZone(identifier: "UTC")!, now: now)
        #expect(read.warnings.isEmpty)
        let back = try #require(read.reminders.first { if case .series = $0.recurrence { true } else { false } })
        #expect(back.repeatSchedule == moved.repeatSchedule)
        // Standing at the first occurrence not checked off, as before the export.
        #expect(back.due == moved.due)
        let occurrence = try #require(read.reminders.first { $0.isComplete })
        #expect(occurrence.recurrence == .occurrence(originalStart: series.due!))
        // And out again the same.
        #expect(ICalendar.export(read.reminders, now: now) == ICalendar.export([back, occurrence], now: now))
    }

    @Test func aSeriesCarriesItsZonesRulesAndAReaderGetsTheSameOffsets() throws {
        let series = try Self.series("FREQ=DAILY", start: "2026-03-20T09:00:00")
        let text = ICalendar.export([series], now: series.due!)
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Amsterdam\r\n"))
        let document = try ICalSyntax.parse(text)
        let component = try #require(document.calendars.first?.components.first { $0.name == "VTIMEZONE" })
        let rules = try #require(ICalTimeZoneRules.read(component))
        // Winter, summer, and either side of both changes, for years ahead: the file's rules say what the system says.
        for day in stride(from: 0, to: 3650, by: 37) {
            let instant = series.due!.addingTimeInterval(TimeInterval(day) * 86_400)
            let offset = Self.amsterdam.secondsFromGMT(for: instant)
            let wall = Int64(instant.timeIntervalSince1970) + Int64(offset)
            #expect(rules.offset(atWall: wall) == offset, "\(instant)")
        }
    }

    @Test func aThunderbirdSeriesWithACompletedOccurrenceStandsAtTheNextOne() throws {
        let text = """
            BEGIN:VCALENDAR\r
            PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
            VERSION:2.0\r
            BEGIN:VTODO\r
            UID:8b1f4c1e-tb-series\r
            SUMMARY:Take out the bins\r
            DTSTART;TZID=Europe/Amsterdam:20261102T190000\r
            DUE;TZID=Europe/Amsterdam:20261102T200000\r
            RRULE:FREQ=WEEKLY;BYDAY=MO\r
            EXDATE;TZID=Europe/Amsterdam:20261109T190000\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:8b1f4c1e-tb-series\r
            RECURRENCE-ID;TZID=Europe/Amsterdam:20261102T190000\r
            SUMMARY:Take out the bins\r
            DTSTART;TZID=Europe/Amsterdam:20261102T190000\r
            DUE;TZID=Europe/Amsterdam:20261102T200000\r
            STATUS:COMPLETED\r
            COMPLETED:20261102T193000Z\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let read = try ICalendar.parse(text, defaultTimeZone: TimeZone(identifier: "UTC")!, now: Date())
        #expect(read.warnings.isEmpty)
        let series = try #require(read.reminders.first { !$0.isComplete })
        #expect(series.repeatSchedule?.zone == "Europe/Amsterdam")
        #expect(series.repeatSchedule?.exceptions.count == 1)
        // 2 November was done; the 9th is skipped (EXDATE): the next is 16 November, 20:00 in Amsterdam.
        #expect(series.due.map(RecurrenceRuleTests.utcText) == "2026-11-16T19:00:00Z")
        // The file's own lines go back as they came.
        let out = ICalendar.export([series], now: Date())
        #expect(out.contains("DTSTART;TZID=Europe/Amsterdam:20261102T190000\r\n"))
        #expect(out.contains("RRULE:FREQ=WEEKLY;BYDAY=MO\r\n"))
        #expect(out.contains("EXDATE;TZID=Europe/Amsterdam:20261109T190000\r\n"))
        #expect(out.components(separatedBy: "RRULE").count == 2)
    }
}
