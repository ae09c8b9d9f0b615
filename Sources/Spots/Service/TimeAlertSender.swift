import Foundation

/// Sends a time alert and marks the reminder's alert fired, both or neither, so that however many server
/// instances try at once, the alert goes out exactly once.
public protocol TimeAlertSender: Sendable {
    /// - Returns: false when it had been fired already (by another instance, or an edit moved the due time).
    func sendOnce(_ alert: SpotsAlert, reminderID: UUID, due: Date, at: Date, accountID: UUID) async throws -> Bool
}
