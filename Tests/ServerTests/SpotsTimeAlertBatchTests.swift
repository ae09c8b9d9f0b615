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

/// One reminder whose alert cannot be sent (its list deleted at that very moment, a constraint failing) must not
/// hold back the other alerts of the same tick: before, the first failure abandoned the batch until the next one.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SpotsTimeAlertBatchTests {
    struct Failure: Error {}

    /// The real sender, except that the alert of one reminder fails as a storage error would.
    final class FailingOnce: TimeAlertSender {
        let inner: SQLTimeAlertSender
        let failing: UUID
        let sent = Mutex<[UUID]>([])
        init(_ inner: SQLTimeAlertSender, failing: UUID) {
            self.inner = inner
            self.failing = failing
        }
        func sendOnce(_ alert: SpotsAlert, reminderID: UUID, alertAt: Date, next: Date?, at: Date, accountID: UUID) async throws -> Bool {
            if reminderID == failing { throw Failure() }
            let went = try await inner.sendOnce(alert, reminderID: reminderID, alertAt: alertAt, next: next, at: at, accountID: accountID)
            if went { sent.withLock { $0.append(reminderID) } }
            return went
        }
    }

    @Test func aFailingAlertDoesNotHoldBackTheOthersOfItsTick() async throws {
        let (database, cleanup) = try await TestDatabase.openPrivate()
        do {
            let accountID = UUID()
            try await SQLAccountRepository(database: database).create(
                Account(id: accountID, email: uniqueEmail("batch"), displayName: "Batch", createdAt: Date()), passwordHash: "x")
            let now = Date()
            let store = SQLSpotsStore(database: database)
            // The failing one is due first, so it comes first in the batch.
            let broken = try Reminder(title: "Broken", due: now.addingTimeInterval(-120))
            let fine = try Reminder(title: "Fine", due: now.addingTimeInterval(-60))
            try await store.save(broken, accountID: accountID, at: now.addingTimeInterval(-600))
            try await store.save(fine, accountID: accountID, at: now.addingTimeInterval(-600))
            let sender = FailingOnce(SQLTimeAlertSender(events: SQLLiveEventRepository(database: database), store: store, deliver: { _ in }),
                                     failing: broken.id)
            let service = SpotsService(store: store, live: SpotsRepeatSchedulerTests.NoLive(), timeAlerts: sender,
                                       clock: SpotsRepeatSchedulerTests.SetClock(now), logger: Logger(label: "test.batch"))
            #expect(try await service.fireDueTimeAlerts() == 1)
            #expect(sender.sent.withLock { $0 } == [fine.id])
            #expect(try await store.reminder(id: fine.id, accountID: accountID)?.firedAt != nil)
            // The broken one is tried again on the next tick, and still holds nothing back.
            #expect(try await service.fireDueTimeAlerts() == 0)
        } catch {
            await cleanup()
            throw error
        }
        await cleanup()
    }
}
