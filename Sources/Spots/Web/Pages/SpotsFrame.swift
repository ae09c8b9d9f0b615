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
        switch mapTiles.credit {
        case .provider(let words): attribution = words
        case .host(let host): attribution = messages("spots.map.tiles_from", ["host": host])
        case .offlineGrid: attribution = messages("spots.map.offline_tiles")
        }
    }
}
