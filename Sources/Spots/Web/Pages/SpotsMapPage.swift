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
    }

    let pins: [Pin]
    let hasPins: Bool
    let map = true
    let navMap = true

    init(_ reminders: [Reminder], zone: TimeZone) {
        pins = reminders.filter { !$0.isComplete }.compactMap { reminder in
            reminder.place.map { place in
                Pin(id: SpotsPages.id(reminder.id), title: reminder.title, where: SpotsItem(reminder, zone: zone).where,
                    latitude: SpotsPages.number(place.fence.center.latitude),
                    longitude: SpotsPages.number(place.fence.center.longitude),
                    radius: SpotsPages.number(place.fence.radius), placeName: place.name)
            }
        }.sorted { $0.placeName.localizedStandardCompare($1.placeName) == .orderedAscending }
        hasPins = !pins.isEmpty
    }
}
