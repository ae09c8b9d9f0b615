import CadenceCore
import Foundation
import SpotsService
import SpotsStorage

/// Spots' time alerts go out on the live channel with the reminder's "fired" mark in the event's own transaction:
/// the mark lands if and only if the event does, and a mark another instance made first wins.
struct LiveTimeAlertSender: TimeAlertSender {
    let live: LiveService
    let store: SQLSpotsStore

    private struct AlreadyFired: Error {}

    func sendOnce(_ alert: SpotsAlert, reminderID: UUID, due: Date, at: Date, accountID: UUID) async throws -> Bool {
        do {
            try await live.publish(accountID: accountID, type: SpotsAlert.type, data: alert.json) { [store] sql in
                guard try await store.claimTimeAlert(id: reminderID, due: due, at: at, on: sql) else { throw AlreadyFired() }
            }
            return true
        } catch is AlreadyFired {
            return false
        }
    }
}
