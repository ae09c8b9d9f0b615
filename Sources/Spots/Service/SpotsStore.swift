import CadenceCore
import Foundation
import Spots

/// Reminders, fence states and decisions, scoped to an account; the gazetteer's places.
public protocol SpotsStore: Sendable {
    func reminders(accountID: UUID) async throws -> [StoredReminder]
    func reminder(id: UUID, accountID: UUID) async throws -> StoredReminder?
    /// Creates or replaces. A changed due time re-arms the time alert; a changed place forgets fence states. A new
    /// reminder goes to `listID` (default: the Reminders list); an existing one moves there when it is given.
    func save(_ reminder: Reminder, accountID: UUID, at: Date, inList listID: UUID?) async throws
    /// Replaces an existing reminder when `ifMatch` is its current `etag`.
    /// - Throws: `SpotsStoreError.preconditionFailed` when it changed since (or is gone).
    func save(_ reminder: Reminder, accountID: UUID, at: Date, inList listID: UUID?, ifMatch: String) async throws
    /// Saves many at once (an iCalendar import), all or nothing; answers how many were new. A reminder
    /// whose id belongs to another account is saved as `ownCopy(reminder)`.
    func saveAll(_ reminders: [Reminder], accountID: UUID, at: Date,
                 ownCopy: @escaping @Sendable (Reminder) throws -> Reminder) async throws -> Int
    func delete(id: UUID, accountID: UUID) async throws -> Bool
    /// Saves a series moved on and the occurrence checked off, together; the occurrence goes into the series' own
    /// list and resource (one iCalendar file holds a UID's series and occurrences).
    func saveSeries(_ series: Reminder, occurrence: Reminder?, accountID: UUID, at: Date) async throws

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

    // MARK: Lists and CalDAV resources

    /// The account's lists, its Reminders list first (made when first asked for).
    func lists(accountID: UUID, at: Date) async throws -> [StoredList]
    /// The account's list at that address, as stored (the Reminders list only once `lists` has made it).
    func list(slug: String, accountID: UUID) async throws -> StoredList?
    /// - Throws: `SpotsStoreError.listExists` when the account has a list at that address.
    func createList(_ list: TaskList, accountID: UUID, at: Date) async throws
    func renameList(id: UUID, accountID: UUID, to name: String) async throws -> Bool
    /// Deletes the list and its reminders; false when the account has no such list.
    func deleteList(id: UUID, accountID: UUID) async throws -> Bool
    /// Each resource's name and ETag (of those named, or all), without reading the reminders (a client comparing ETags).
    func resourceTags(listID: UUID, accountID: UUID, names: [String]?) async throws -> [(name: String, etag: String)]
    /// The resources named (all when nil), with their reminders.
    func resources(listID: UUID, accountID: UUID, names: [String]?) async throws -> [CalendarResource]
    /// Replaces the resource's reminders with `reminders`, when `ifMatch` (an ETag) is its current one and, with
    /// `ifNoneMatch`, when it does not exist yet. Answers the new ETag and whether it is new.
    /// - Throws: `SpotsStoreError.preconditionFailed`; `.notYours` for a reminder id that another list holds.
    func putResource(_ name: String, reminders: [Reminder], listID: UUID, accountID: UUID, ifMatch: String?, ifNoneMatch: Bool,
                     at: Date, ownCopy: @escaping @Sendable (Reminder) throws -> Reminder) async throws -> (etag: String, created: Bool)
    /// False when there is no such resource. - Throws: `SpotsStoreError.preconditionFailed` when `ifMatch` is stale.
    func deleteResource(_ name: String, listID: UUID, accountID: UUID, ifMatch: String?) async throws -> Bool
    /// What changed after `since`; nil when `since` is not a number this list has given out.
    func changes(listID: UUID, accountID: UUID, since: Int64) async throws -> ListChanges?

    func replaceGazetteer(_ places: [GazetteerPlace]) async throws
    func gazetteer() async throws -> [GazetteerPlace]
}

extension SpotsStore {
    public func save(_ reminder: Reminder, accountID: UUID, at: Date) async throws {
        try await save(reminder, accountID: accountID, at: at, inList: nil)
    }
}
