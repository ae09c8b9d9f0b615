import CadenceCore
import Foundation
import Spots

/// One fence decision as kept for "why did (or didn't) this fire" (R4).
public struct SpotsEvent: Equatable, Sendable {
    public let id: UUID
    public let reminderID: UUID
    public let deviceKey: String
    public let at: Date
    /// "place" for a location decision, "time" for a time alert.
    public let kind: String
    public let fired: Bool
    public let decision: FenceDecision?
    public let late: Bool

    public init(id: UUID = UUID(), reminderID: UUID, deviceKey: String, at: Date, kind: String, fired: Bool,
                decision: FenceDecision?, late: Bool = false) {
        self.id = id
        self.reminderID = reminderID
        self.deviceKey = deviceKey
        self.at = at
        self.kind = kind
        self.fired = fired
        self.decision = decision
        self.late = late
    }
}

/// A reminder with what the server keeps beside it.
public struct StoredReminder: Equatable, Sendable {
    public let reminder: Reminder
    /// When its time alert went out (nil: not yet).
    public let firedAt: Date?

    public init(reminder: Reminder, firedAt: Date?) {
        self.reminder = reminder
        self.firedAt = firedAt
    }
}

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

    func replaceGazetteer(_ places: [GazetteerPlace]) async throws
    func gazetteer() async throws -> [GazetteerPlace]
}

public enum SpotsStoreError: Error, Equatable {
    /// The id is taken by another account's reminder.
    case notYours
}
