import Foundation
import Web
import Hummingbird
import Spots
import SpotsService

/// The JSON shapes of the Spots API.
struct PlaceBody: Codable {
    let name: String
    let latitude: Double
    let longitude: Double
    let radius: Double?
    let trigger: String?
}

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

struct SpotsEventBody: JSONResponse {
    let at: Date
    let kind: String
    let device: String
    let fired: Bool
    let late: Bool
    let outcome: String?
    let distance: Double?
    let accuracy: Double?
    let reason: String

    init(_ event: SpotsEvent, deviceName: String) {
        at = event.at
        kind = event.kind
        device = deviceName
        fired = event.fired
        late = event.late
        outcome = event.decision?.outcome.rawValue
        distance = event.decision?.distance
        accuracy = event.decision?.accuracy
        reason = event.decision?.reason
            ?? (event.late ? "Sent late: it fell due while the server was not running." : "Sent at its due time.")
    }
}

struct GazetteerBody: JSONResponse {
    let id: Int
    let name: String
    let country: String
    let countryCode: String
    let latitude: Double
    let longitude: Double
    let population: Int
    let label: String

    init(_ place: GazetteerPlace) {
        id = place.id
        name = place.name
        country = place.countryName
        countryCode = place.countryCode
        latitude = place.coordinate.latitude
        longitude = place.coordinate.longitude
        population = place.population
        label = place.label
    }
}
