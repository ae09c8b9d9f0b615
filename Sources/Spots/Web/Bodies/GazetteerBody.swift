import Foundation
import Web
import Hummingbird
import Spots
import SpotsService

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
