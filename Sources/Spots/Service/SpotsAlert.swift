import Foundation
import Spots

/// A reminder going off (R4), sent on the live channel as `spots.alert` to every device of
/// the account: the phone page shows it in place (and as a notification), the watch shows it.
public struct SpotsAlert: Codable, Sendable {
    let reminderId: UUID
    let title: String
    let notes: String
    /// "time", "arrive" or "leave".
    let kind: String
    /// A time alert that went out more than a minute after its due time (the server was down).
    let late: Bool
    let placeName: String?
    let due: Int64?
    let reason: String?

    public static let type = "spots.alert"

    /// `occurrence`: for a time alert, the moment it is for (a series' occurrence, or a snoozed time).
    init(_ reminder: Reminder, kind: String, late: Bool = false, reason: String? = nil, occurrence: Date? = nil) {
        reminderId = reminder.id
        title = reminder.title
        notes = reminder.notes
        self.kind = kind
        self.late = late
        placeName = reminder.place?.name
        due = (occurrence ?? reminder.due)?.millisecondsSince1970
        self.reason = reason
    }

    public var json: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data("{}".utf8), as: UTF8.self) }
}
