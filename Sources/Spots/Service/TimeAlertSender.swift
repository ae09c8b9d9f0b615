import Foundation

/// Sends a time alert and marks the reminder's alert fired, both or neither, so that however many server
/// instances try at once, the alert goes out exactly once.
public protocol TimeAlertSender: Sendable {
    /// Sends the alert due at `alertAt` and arms `next` (a series' next occurrence) in its place.
    /// - Returns: false when it had been fired already (by another instance, or an edit moved the due time).
    func sendOnce(_ alert: SpotsAlert, reminderID: UUID, alertAt: Date, next: Date?, at: Date, accountID: UUID) async throws -> Bool
}
