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
    /// Its version, for `ETag` and `If-Match`: it changes whenever the reminder (or its calendar resource) does.
    public let etag: String?

    public init(reminder: Reminder, firedAt: Date?, alertAt: Date? = nil, list: String? = nil, etag: String? = nil) {
        self.list = list
        self.etag = etag
        self.reminder = reminder
        self.firedAt = firedAt
        self.alertAt = alertAt
    }
}
