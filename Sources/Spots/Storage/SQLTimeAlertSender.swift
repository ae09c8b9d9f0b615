import CadenceCore
import Foundation
import PlatformStorage
import SpotsService

/// Spots' time alerts go out on the live channel with the reminder's "fired" mark in the event's own transaction:
/// the mark lands if and only if the event does, and a mark another instance made first wins (no event then).
public struct SQLTimeAlertSender: TimeAlertSender {
    let events: SQLLiveEventRepository
    let store: SQLSpotsStore
    /// Hands the kept event to this instance's sockets (the live service's `deliver`).
    let deliver: @Sendable (LiveEvent) -> Void

    public init(events: SQLLiveEventRepository, store: SQLSpotsStore, deliver: @escaping @Sendable (LiveEvent) -> Void) {
        self.events = events
        self.store = store
        self.deliver = deliver
    }

    private struct AlreadyFired: Error {}

    public func sendOnce(_ alert: SpotsAlert, reminderID: UUID, alertAt: Date, next: Date?, at: Date, accountID: UUID) async throws -> Bool {
        do {
            let event = try await events.append(accountID: accountID, type: SpotsAlert.type, data: alert.json, at: at) { [store] sql in
                guard try await store.claimTimeAlert(id: reminderID, alertAt: alertAt, next: next, at: at, on: sql) else { throw AlreadyFired() }
            }
            deliver(event)
            return true
        } catch is AlreadyFired {
            return false
        }
    }
}
