import CadenceCore
import Foundation
import Spots

/// WebDAV-Push registrations on task lists, and what each has been told (`M031_SpotsPush`). Every query names the
/// account.
public protocol TaskListPushStore: Sendable {
    /// Adds the registration, or updates the one the list already has for the same push resource (keeping its id,
    /// the draft's "update"); the stored one. A new one starts from `list` as it is now: what came before is not news.
    func saveRegistration(_ registration: TaskListPushRegistration, startingFrom list: StoredList, at: Date) async throws
        -> (registration: TaskListPushRegistration, created: Bool)
    /// As `saveRegistration`, but only an update: nil when the list has no registration for this push resource.
    func saveRegistrationIfKnown(_ registration: TaskListPushRegistration, startingFrom list: StoredList, at: Date) async throws
        -> TaskListPushRegistration?
    func registrationCount(accountID: UUID) async throws -> Int
    /// - Returns: false when the account has no registration with that id.
    func deleteRegistration(id: String, accountID: UUID) async throws -> Bool
    /// The account's live registrations whose list changed since they were last told (or was deleted); expired ones
    /// are deleted on the way.
    func registrationsBehind(accountID: UUID, now: Date) async throws -> [TaskListPushState]
    /// Marks the registration told of the list at `seq` named `name`: false when another request (on any instance)
    /// already told it of this change or a later one, so each change is pushed once.
    func markNotified(id: String, seq: Int64, name: String) async throws -> Bool
    /// Notes a delivery that failed (kept for the devices page and for the log), or clears it.
    func recordFailure(id: String, _ reason: String?) async throws
}

/// A registration with its list now and what it was last told of the list.
public struct TaskListPushState: Sendable {
    public let registration: TaskListPushRegistration
    /// The list as it is; nil when it has been deleted.
    public let list: StoredList?
    public let notifiedSeq: Int64
    public let notifiedName: String

    public init(registration: TaskListPushRegistration, list: StoredList?, notifiedSeq: Int64, notifiedName: String) {
        self.registration = registration
        self.list = list
        self.notifiedSeq = notifiedSeq
        self.notifiedName = notifiedName
    }
}
