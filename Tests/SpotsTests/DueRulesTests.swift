import Foundation
import Testing

@testable import Spots

@Suite("Time alerts (R4) and the chronological view (seed 5.1)", .timeLimit(.minutes(5)))
struct DueRulesTests {
    let t0 = Date(timeIntervalSince1970: 1_709_625_600)  // 2024-03-05 08:00 UTC

    func reminder(_ title: String, dueIn minutes: Double?, completed: Bool = false, place: Bool = false) throws -> Reminder {
        try Reminder(
            title: title, due: minutes.map { t0.addingTimeInterval($0 * 60) },
            place: place ? berlinPlace() : nil, completedAt: completed ? t0 : nil)
    }

    @Test("3.3 A time reminder is due at its time, not before; never when complete or place-only")
    func isDue() throws {
        let r = try reminder("Call mum", dueIn: 10)
        #expect(!DueRules.isDue(r, now: t0.addingTimeInterval(599)))
        #expect(DueRules.isDue(r, now: t0.addingTimeInterval(600)))
        #expect(!DueRules.isDue(try reminder("Done", dueIn: 10, completed: true), now: t0.addingTimeInterval(700)))
        #expect(!DueRules.isDue(try reminder("Shop", dueIn: nil, place: true), now: t0.addingTimeInterval(700)))
    }

    @Test("The next wake-up is the earliest open due time strictly after now")
    func nextDue() throws {
        let list = [
            try reminder("later", dueIn: 60), try reminder("done", dueIn: 5, completed: true),
            try reminder("now", dueIn: 0), try reminder("soon", dueIn: 30), try reminder("place", dueIn: nil, place: true),
        ]
        #expect(DueRules.nextDue(list, after: t0) == t0.addingTimeInterval(30 * 60))
        #expect(DueRules.nextDue(list, after: t0.addingTimeInterval(3600)) == nil)
        #expect(DueRules.nextDue([], after: t0) == nil)
    }

    @Test("After a restart, missed alerts fire once, oldest first, marked late beyond 60 s")
    func missedAfterRestart() throws {
        let early = try reminder("early", dueIn: -120)
        let justNow = try reminder("just now", dueIn: -1)
        let fired = try reminder("already fired", dueIn: -30)
        let future = try reminder("future", dueIn: 5)
        let alerts = DueRules.alerts([future, justNow, fired, early], now: t0, alreadyFired: [fired.id])
        #expect(alerts.map(\.reminderID) == [early.id, justNow.id])
        #expect(alerts.map(\.late) == [true, false])
        #expect(alerts[0].due == t0.addingTimeInterval(-7200) && alerts[0].firedAt == t0)
    }

    @Test("late means more than 60 seconds after the due time")
    func lateBoundary() {
        let id = UUID()
        #expect(!TimeAlert(reminderID: id, due: t0, firedAt: t0.addingTimeInterval(60)).late)
        #expect(TimeAlert(reminderID: id, due: t0, firedAt: t0.addingTimeInterval(61)).late)
        #expect(!TimeAlert(reminderID: id, due: t0, firedAt: t0).late)
    }

    @Test("5.1 Reminders are listed in order of time due, the next first, separated by dates")
    func chronological() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let list = [
            try reminder("Tomorrow", dueIn: 24 * 60), try reminder("Shop", dueIn: nil, place: true),
            try reminder("Today late", dueIn: 10 * 60), try reminder("Today", dueIn: 60),
            try reminder("Done", dueIn: 30, completed: true),
        ]
        #expect(DueRules.chronological(list).map(\.title) == ["Today", "Today late", "Tomorrow", "Shop"])
        // 08:00 UTC + 10 h = 19:00 Berlin, still 5 March; +24 h is 6 March.
        let days = DueRules.byDay(list, in: berlin)
        #expect(days.map { $0.reminders.map(\.title) } == [["Today", "Today late"], ["Tomorrow"]])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        #expect(calendar.dateComponents([.day, .hour], from: days[1].start) == DateComponents(day: 6, hour: 0))
    }
}
