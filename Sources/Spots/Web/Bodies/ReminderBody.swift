import Foundation
import Web
import Hummingbird
import Spots
import SpotsService

struct ReminderBody: JSONResponse {
    let id: UUID
    let title: String
    let notes: String
    let due: Date?
    let place: PlaceBody?
    let completedAt: Date?
    let firedAt: Date?
    /// A repeating task's rule as written (RRULE, e.g. "FREQ=DAILY"); Cadence does not schedule its repeats yet.
    let repeatRule: String?
    /// For one occurrence of a repeating task, changed on its own: when it was originally due (RECURRENCE-ID).
    let occurrenceOf: Date?

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
        if case .occurrence(let originalStart) = reminder.recurrence { occurrenceOf = originalStart } else { occurrenceOf = nil }
    }
}
