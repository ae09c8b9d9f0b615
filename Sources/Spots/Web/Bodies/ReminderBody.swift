import Foundation
import Web
import Hummingbird
import Spots
import SpotsService

struct ReminderBody: JSONResponse {
    /// The body with its `ETag` header.
    var tagged: Response { response(etag: etag) }

    /// `repeatSummary` is English whatever the request's language: programs read it.
    static let english = Catalogues.bundled.messages(.english)

    let id: UUID
    let title: String
    let notes: String
    let due: Date?
    let place: PlaceBody?
    let completedAt: Date?
    let firedAt: Date?
    /// How it repeats (RRULE, e.g. "FREQ=WEEKLY;BYDAY=MO,WE"); nil when it does not.
    let repeatRule: String?
    /// "Repeats weekly on Monday and Wednesday".
    let repeatSummary: String?
    /// Occurrences left out (EXDATE).
    let repeatExceptions: [Date]?
    /// The zone a repeat counts its days and times in.
    let timeZone: String?
    /// When the next time alert goes out: the due time, or a series' next occurrence; nil when none will.
    let nextAlertAt: Date?
    /// For one occurrence of a repeating task, changed on its own: when it was originally due (RECURRENCE-ID).
    let occurrenceOf: Date?
    /// The task list it is in (its address: "reminders", or one a calendar app made).
    let list: String?
    /// Its version, also the `ETag` header: send it back as `If-Match` with an edit, so one from a stale read is
    /// refused (412) instead of undoing another device's change.
    let etag: String?

    init(_ stored: StoredReminder) {
        let reminder = stored.reminder
        id = reminder.id
        title = reminder.title
        notes = reminder.notes
        due = reminder.due
        place = reminder.place.map {
            PlaceBody(name: $0.name, latitude: $0.fence.center.latitude, longitude: $0.fence.center.longitude,
                      radius: $0.fence.radius, trigger: $0.fence.trigger.rawValue)
        }
        completedAt = reminder.completedAt
        firedAt = stored.firedAt
        if case .series(let rule) = reminder.recurrence { repeatRule = rule } else { repeatRule = nil }
        repeatSummary = repeatRule.map { Recurrence.summary(ofRule: $0, in: Self.english) }
        repeatExceptions = reminder.repeatSchedule?.exceptions
        timeZone = reminder.repeatSchedule?.zone
        nextAlertAt = reminder.isComplete ? nil : stored.alertAt
        list = stored.list
        etag = stored.etag
        if case .occurrence(let originalStart) = reminder.recurrence { occurrenceOf = originalStart } else { occurrenceOf = nil }
    }
}

/// A task list: `id` is its address (the CalDAV path segment), `name` what apps show.
struct TaskListBody: JSONResponse {
    let id: String
    let name: String
    let isDefault: Bool

    init(_ stored: StoredList) {
        id = stored.list.slug
        name = stored.list.name
        isDefault = stored.list.isDefault
    }
}
