import CadenceCore
import Foundation
import Spots

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
