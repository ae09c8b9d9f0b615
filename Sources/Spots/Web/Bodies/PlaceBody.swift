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
