import CadenceCore
import Foundation
import Testing
@testable import Spots

/// Repeat rules: read and written as iCalendar does, and their occurrences as python-dateutil computes them
/// (`Fixtures/rrule-dateutil.json`, written by `e2e/corpus/rrule_cases.py`: daily, weekly on Monday and Wednesday,
/// monthly on the 31st with the short months skipped, the last Sunday of March, 29 February, a time inside the
/// spring-forward gap and the autumn's repeated hour in Europe/Amsterdam, COUNT, UNTIL, EXDATE, WKST).
@Suite(.timeLimit(.minutes(5))) struct RecurrenceRuleTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            let rule: String, zone: String, start: String, exdates: [String], through: String, occurrences: [String]
        }
        let cases: [Case]
    }

    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/rrule-dateutil.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    static func local(_ text: String, _ zone: TimeZone) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.date(from: text)!
    }

    static func utcText(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    @Test(arguments: fixture.cases.map(\.rule))
    func occurrencesAreDateutils(rule: String) throws {
        let c = try #require(Self.fixture.cases.first { $0.rule == rule })
        let zone = try #require(TimeZone(identifier: c.zone))
        let parsed = try RecurrenceRule(parsing: c.rule)
        let through = try #require(ISO8601DateFormatter().date(from: c.through))
        let exdates = Set(c.exdates.map { Self.local($0, zone) })
        let found = parsed.occurrences(start: Self.local(c.start, zone), in: zone, through: through, excluding: exdates).map(Self.utcText)
        let differs = found.indices.first { $0 >= c.occurrences.count || found[$0] != c.occurrences[$0] }
        #expect(found == c.occurrences, "\(rule): \(found.count) for \(c.occurrences.count), first difference at \(differs ?? found.count)")
    }

    @Test func aRuleIsWrittenBackAsRead() throws {
        for text in ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10", "FREQ=MONTHLY;BYMONTHDAY=1,-1", "FREQ=MONTHLY;BYDAY=-1FR",
                     "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=20301231T230000Z", "FREQ=DAILY;UNTIL=20261231", "FREQ=WEEKLY;WKST=SU"] {
            #expect(try RecurrenceRule(parsing: text).text == text)
        }
        #expect(try RecurrenceRule(parsing: "rrule:freq=daily;interval=3").text == "FREQ=DAILY;INTERVAL=3")
    }

    @Test(arguments: [
        ("", "empty"), ("INTERVAL=2", "no FREQ"), ("FREQ=HOURLY", "FREQ=HOURLY is not supported"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL is a whole number"), ("FREQ=DAILY;COUNT=3;UNTIL=20260101", "not both"),
        ("FREQ=WEEKLY;BYDAY=XX", "each day is MO"), ("FREQ=WEEKLY;BYDAY=2MO", "for MONTHLY and YEARLY"),
        ("FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO", "BYSETPOS is not supported"), ("FREQ=MONTHLY;BYMONTHDAY=0", "not 0"),
        ("FREQ=DAILY;UNTIL=2026", "UNTIL=2026 is not a date"), ("FREQ=DAILY;FREQ=WEEKLY", "FREQ appears twice"),
    ])
    func aBadRuleSaysWhatIsWrong(text: String, message: String) {
        do {
            _ = try RecurrenceRule(parsing: text)
            Issue.record("“\(text)” was accepted")
        } catch {
            #expect(error.field == "repeat")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func aRuleThatNeverMatchesEndsAtTheEnd() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")
        let zone = TimeZone(identifier: "UTC")!
        let start = Self.local("2026-01-01T09:00:00", zone)
        #expect(rule.occurrences(start: start, in: zone, through: start.addingTimeInterval(50 * 365 * 86_400)).isEmpty)
    }
}
