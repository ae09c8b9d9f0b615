import CadenceCore
import Foundation
import Logging
import PlatformService
import PlatformStorage
import Spots
import SpotsService
import SpotsStorage
import Storage
import Synchronization
import Testing

/// The scheduler and repeating reminders, on the engine under test: over a year of daily, weekly on Monday and
/// Wednesday and monthly on the 31st (short months skipped) in Europe/Amsterdam, through both changes of the clocks,
/// two scheduler instances firing side by side send each occurrence exactly once, at the moments python-dateutil
/// computes for the same rules (`SpotsTests/Fixtures/rrule-dateutil.json`); a third instance started halfway (a
/// restart) goes on where they were.
@Suite(.timeLimit(.minutes(5)), .serialized) struct SpotsRepeatSchedulerTests {
    struct Case: Decodable {
        let rule: String, zone: String, start: String, exdates: [String], through: String, occurrences: [String]
    }

    static let cases: [Case] = {
        struct Fixture: Decodable { let cases: [Case] }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../SpotsTests/Fixtures/rrule-dateutil.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url)).cases
    }()

    final class SetClock: WallClock {
        private let current: Mutex<Date>
        init(_ date: Date) { current = Mutex(date) }
        func now() -> Date { current.withLock { $0 } }
        func set(_ date: Date) { current.withLock { $0 = date } }
    }

    /// Sends through the real sender (the claim and the live event in one transaction) and notes what went out.
    final class RecordingSender: TimeAlertSender {
        let inner: SQLTimeAlertSender
        let sent = Mutex<[Date]>([])
        init(_ inner: SQLTimeAlertSender) { self.inner = inner }
        func sendOnce(_ alert: SpotsAlert, reminderID: UUID, alertAt: Date, next: Date?, at: Date, accountID: UUID) async throws -> Bool {
            let went = try await inner.sendOnce(alert, reminderID: reminderID, alertAt: alertAt, next: next, at: at, accountID: accountID)
            if went { sent.withLock { $0.append(alertAt) } }
            return went
        }
    }

    struct NoLive: LiveAnnouncing {
        func announce(_ type: String, data: String, to accountID: UUID) async throws -> LiveEvent {
            LiveEvent(accountID: accountID, seq: 0, type: type, at: 0, data: data)
        }
    }

    static func local(_ text: String, _ zone: TimeZone) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.date(from: text)!
    }

    @Test(arguments: ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=MONTHLY;BYMONTHDAY=31"])
    func eachOccurrenceFiresOnceAtDateutilsMoments(rule: String) async throws {
        let c = try #require(Self.cases.first { $0.rule == rule })
        let zone = try #require(TimeZone(identifier: c.zone))
        let through = try #require(ISO8601DateFormatter().date(from: c.through))
        let (database, cleanup) = try await TestDatabase.openPrivate()
        do {
            let accountID = UUID()
            try await SQLAccountRepository(database: database).create(
                Account(id: accountID, email: uniqueEmail("repeat"), displayName: "Repeat", createdAt: Date()), passwordHash: "x")
            let start = Self.local(c.start, zone)
            let clock = SetClock(start.addingTimeInterval(-60))
            let store = SQLSpotsStore(database: database)
            var reminder = try Reminder(title: "Repeat \(rule)", due: start)
            try reminder.setRepeat(rule: rule, exceptions: [], zone: c.zone, previousDue: nil)
            try await store.save(reminder, accountID: accountID, at: clock.now())

            var senders: [RecordingSender] = []
            func instance() -> (SpotsService, RecordingSender) {
                let sender = RecordingSender(SQLTimeAlertSender(events: SQLLiveEventRepository(database: database), store: store, deliver: { _ in }))
                senders.append(sender)
                return (SpotsService(store: store, live: NoLive(), timeAlerts: sender, clock: clock, logger: Logger(label: "test.repeat")), sender)
            }
            var instances = [instance(), instance()]
            var rounds = 0
            while let next = try await store.reminder(id: reminder.id, accountID: accountID)?.alertAt, next <= through {
                rounds += 1
                if rounds == c.occurrences.count / 2 { instances[1] = instance() }  // one instance restarts
                // Just before: nothing; then a moment after, both instances try at once.
                clock.set(next.addingTimeInterval(-1))
                #expect(try await instances[0].0.fireDueTimeAlerts() == 0)
                clock.set(next.addingTimeInterval(0.5))
                let (a, b) = (instances[0].0, instances[1].0)
                async let first = a.fireDueTimeAlerts()
                async let second = b.fireDueTimeAlerts()
                #expect(try await first + second == 1)
                if rounds > 1000 { break }
            }
            let sent = senders.flatMap { $0.sent.withLock { $0 } }.sorted()
            #expect(sent.map { ISO8601DateFormatter().string(from: $0) } == c.occurrences)
            // The reminder itself still stands at its first occurrence: nobody checked it off.
            #expect(try await store.reminder(id: reminder.id, accountID: accountID)?.reminder.due == start)
        } catch {
            await cleanup()
            throw error
        }
        await cleanup()
    }
}
