import Geo
import CadenceCore
import Foundation
import Testing
@testable import Spots

@Suite(.timeLimit(.minutes(5))) struct GeoDistanceTests {
    private func c(_ lat: Double, _ lon: Double) -> Coordinate { try! Coordinate(latitude: lat, longitude: lon) }

    @Test func parisToLondon() {
        let d = Geo.distance(c(48.8566, 2.3522), c(51.5074, -0.1278))
        #expect(abs(d - 343_500) < 500)
    }

    @Test func oneDegreeOfLatitude() {
        #expect(abs(Geo.distance(c(0, 0), c(1, 0)) - 111_195) < 5)
        #expect(abs(Geo.distance(c(45, 10), c(46, 10)) - 111_195) < 5)
    }

    @Test func antipodesAndSamePoint() {
        #expect(abs(Geo.distance(c(0, 0), c(0, 180)) - 20_015_087) < 1_000)
        #expect(abs(Geo.distance(c(90, 0), c(-90, 0)) - 20_015_087) < 1_000)
        #expect(Geo.distance(c(54.4396, -5.6879), c(54.4396, -5.6879)) == 0)
    }

    @Test func symmetricAndAcrossTheAntimeridian() {
        let a = c(10, 179.9), b = c(10, -179.9)
        #expect(abs(Geo.distance(a, b) - Geo.distance(b, a)) < 1e-6)
        #expect(abs(Geo.distance(a, b) - 21_900) < 100)   // 0.2° × cos 10° × 111.2 km
    }

    /// Seed 5.3.1: the app's JavaScript haversine (R = 6371 km). Ours uses the mean
    /// radius 6371.0088 km, so it agrees to 1.4 ppm.
    @Test func agreesWithTheSeedsFormula() {
        func seedKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
            func deg2rad(_ d: Double) -> Double { d * (Double.pi / 180) }
            let R = 6371.0, dLat = deg2rad(lat2 - lat1), dLon = deg2rad(lon2 - lon1)
            let a = sin(dLat / 2) * sin(dLat / 2) + cos(deg2rad(lat1)) * cos(deg2rad(lat2)) * sin(dLon / 2) * sin(dLon / 2)
            return R * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
        }
        // Table 4.1 rows: "Get Milk" and "Post Letter".
        let milk = (54.439609898030355, -5.68793296814), letter = (54.422254257445374, -5.69278240203)
        let ours = Geo.distance(c(milk.0, milk.1), c(letter.0, letter.1))
        let seed = seedKm(milk.0, milk.1, letter.0, letter.1) * 1000
        #expect(abs(ours - seed) / seed < 2e-6)
        #expect(abs(ours - 1_947) < 15)
    }

    @Test func destinationRoundTrips() {
        let start = c(54.4396, -5.6879)
        for bearing in stride(from: 0.0, to: 360, by: 30) {
            for distance in [0.0, 50, 150, 1_000, 50_000] {
                let p = Geo.destination(from: start, bearingDegrees: bearing, distance: distance)
                #expect(abs(Geo.distance(start, p) - distance) < 0.01)
            }
        }
        // Wraps over the antimeridian and stays valid.
        let east = Geo.destination(from: c(0, 179.999), bearingDegrees: 90, distance: 1_000)
        #expect(east.longitude < -179.99)
    }

    @Test func formatsDistancesForPeople() {
        #expect(Geo.format(metres: 40.4) == "40 m")
        #expect(Geo.format(metres: 999) == "999 m")
        #expect(Geo.format(metres: 1_234) == "1.2 km")
        #expect(Geo.format(metres: 50_000) == "50 km")
    }

    @Test func coordinateValidationNamesTheField() {
        #expect(throws: ValidationError(field: "latitude", "The latitude is a number from -90 to 90 degrees.", key: "spots.error.latitude")) {
            try Coordinate(latitude: 90.5, longitude: 0)
        }
        #expect(throws: ValidationError(field: "longitude", "The longitude is a number from -180 to 180 degrees.", key: "spots.error.longitude")) {
            try Coordinate(latitude: 0, longitude: -180.01)
        }
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: ValidationError.self) { try Coordinate(latitude: bad, longitude: 0) }
            #expect(throws: ValidationError.self) { try Coordinate(latitude: 0, longitude: bad) }
        }
        #expect((try? Coordinate(latitude: -90, longitude: 180)) != nil)
    }

    @Test func coordinateDecodingValidates() throws {
        let ok = try JSONDecoder().decode(Coordinate.self, from: Data(#"{"latitude":51.5,"longitude":-0.12}"#.utf8))
        #expect(ok == c(51.5, -0.12))
        do {
            _ = try JSONDecoder().decode(Coordinate.self, from: Data(#"{"latitude":95,"longitude":0}"#.utf8))
            Issue.record("decoded an invalid latitude")
        } catch let error as ValidationError {
            #expect(error.field == "latitude")
        }
    }
}
