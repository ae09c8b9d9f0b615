import Foundation
import Spots

/// A task list with its change count: the CalDAV collection's CTag and sync token.
public struct StoredList: Equatable, Sendable {
    public let list: TaskList
    public let seq: Int64

    public init(list: TaskList, seq: Int64) {
        self.list = list
        self.seq = seq
    }
}

/// One CalDAV resource: the reminders written in one iCalendar file (a series and its occurrences share one), under the
/// name the app chose. `etag` changes with every change to any of them.
public struct CalendarResource: Equatable, Sendable {
    public let name: String
    public let etag: String
    public let reminders: [Reminder]
    public let modifiedAt: Date

    public init(name: String, etag: String, reminders: [Reminder], modifiedAt: Date) {
        self.name = name
        self.etag = etag
        self.reminders = reminders
        self.modifiedAt = modifiedAt
    }

    /// ETags are quoted change numbers: unique within their list, new with every change.
    public static func etag(_ seq: Int64) -> String { "\"\(seq)\"" }
}

/// What changed in a list since a sync token (RFC 6578): resources written, resources deleted, and the new token.
public struct ListChanges: Equatable, Sendable {
    public let changed: [String]
    public let deleted: [String]
    public let seq: Int64

    public init(changed: [String], deleted: [String], seq: Int64) {
        self.changed = changed
        self.deleted = deleted
        self.seq = seq
    }
}
