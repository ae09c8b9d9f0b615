import CadenceCore
import Foundation
import Spots

/// A reminder with what the server keeps beside it.
public struct StoredReminder: Equatable, Sendable {
    public let reminder: Reminder
    /// When its time alert went out (nil: not yet).
    public let firedAt: Date?
    /// When its next time alert goes out (nil: none to come): the due time, or a series' next occurrence.
    public let alertAt: Date?
    /// The address (slug) of the task list it is in.
    public let list: String?

    public init(reminder: Reminder, firedAt: Date?, alertAt: Date? = nil, list: String? = nil) {
        self.list = list
        self.reminder = reminder
        self.firedAt = firedAt
        self.alertAt = alertAt
    }
}
