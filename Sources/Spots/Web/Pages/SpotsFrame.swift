import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

/// What every Spots page has: the live channel (alerts), the zone its times are shown in, the map's tiles.
struct SpotsFrame: Sendable {
    let live = true
    let bodyClass = "page spots-page"
    let zone: String
    let tiles: String
    let attribution: String

    init(zone: TimeZone, mapTiles: MapTiles, messages: Messages) {
        self.zone = zone.identifier
        tiles = mapTiles.urlTemplate
        // Cadence's own words about the tiles are the person's; a provider's attribution stays as the provider wrote it.
        let otherHost = "Map tiles: "
        attribution = mapTiles == .offline ? messages("spots.map.offline_tiles")
            : mapTiles.attribution.hasPrefix(otherHost)
            ? messages("spots.map.tiles_from", ["host": String(mapTiles.attribution.dropFirst(otherHost.count))])
            : mapTiles.attribution
    }
}
