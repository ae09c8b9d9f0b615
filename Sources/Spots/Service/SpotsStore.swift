import CadenceCore
import Foundation
import Spots

/// Reminders, fence states and decisions, scoped to an account; the gazetteer's places.
public protocol SpotsStore: Sendable {
    func reminders(accountID: UUID) async throws -> [StoredReminder]
    func reminder(id: UUID, accountID: UUID) async throws -> StoredReminder?
    /// Creates or replaces. A changed due time re-arms the time alert; a changed place forgets fence states.
    func save(_ reminder: Reminder, accountID: UUID, at: Date) async throws
    /// Saves many at once (an iCalendar import), all or nothing; answers how many were new. A reminder
    /// whose id belongs to another account is saved as `ownCopy(reminder)`.
    func saveAll(_ reminders: [Reminder], accountID: UUID, at: Date,
                 ownCopy: @escaping @Sendable (Reminder) throws -> Reminder) async throws -> Int
    func delete(id: UUID, accountID: UUID) async throws -> Bool

    /// Time alerts due by `now`, not yet fired, oldest first, across accounts.
    func dueUnfired(now: Date, limit: Int) async throws -> [(accountID: UUID, reminder: StoredReminder)]

    func fenceStates(deviceKey: String, reminderIDs: [UUID]) async throws -> [UUID: FenceState]
    /// Reminders whose fence this device was last seen inside (so leaving is noticed however far it went).
    func insideReminderIDs(deviceKey: String, accountID: UUID) async throws -> [UUID]
    func saveFenceStates(_ states: [UUID: FenceState], deviceKey: String) async throws
    func record(_ events: [SpotsEvent], accountID: UUID) async throws
    /// Newest first.
    func events(reminderID: UUID, accountID: UUID, limit: Int) async throws -> [SpotsEvent]
    /// Deletes every account's decisions made before `date`; how many.
    func deleteEvents(before date: Date) async throws -> Int

    func replaceGazetteer(_ places: [GazetteerPlace]) async throws
    func gazetteer() async throws -> [GazetteerPlace]
}
