import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

/// `/phone/spots/map`: every open place reminder as a pin.
struct SpotsMapPage: Sendable {
    struct Pin: Sendable {
        let id: String
        let title: String
        let `where`: String?
        let latitude: String
        let longitude: String
        let radius: String
        let placeName: String
        /// "Show Gym on the map" (the button's accessible name).
        let showLabel: String
    }

    let pins: [Pin]
    let hasPins: Bool
    let map = true
    let navMap = true

    init(_ reminders: [Reminder], zone: TimeZone, messages: Messages) {
        pins = reminders.filter { !$0.isComplete }.compactMap { reminder in
            reminder.place.map { place in
                Pin(id: SpotsPages.id(reminder.id), title: reminder.title, where: SpotsItem(reminder, zone: zone, messages: messages).where,
                    latitude: SpotsPages.number(place.fence.center.latitude),
                    longitude: SpotsPages.number(place.fence.center.longitude),
                    radius: SpotsPages.number(place.fence.radius), placeName: place.name,
                    showLabel: messages("spots.map.show_label", ["title": reminder.title]))
            }
        }.sorted { $0.placeName.localizedStandardCompare($1.placeName) == .orderedAscending }
        hasPins = !pins.isEmpty
    }
}
