import Foundation
import Geo
import Testing

/// The distances the pages compute (static/geo.js, e2e/browser/test_geo_js.py) and the server computes are one
/// table of cases, so the two cannot drift apart (they once used two radii, and one page rounded).
@Suite(.timeLimit(.minutes(5)))
struct GeoTests {
    struct Cases: Decodable {
        struct Case: Decodable {
            let name: String
            let from: [Double]
            let to: [Double]
            let metres: Double
        }
        let earthRadius: Double
        let cases: [Case]
    }

    static let cases: Cases = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("geo-cases.json")
        return try! JSONDecoder().decode(Cases.self, from: Data(contentsOf: url))
    }()

    @Test func theSharedCasesGiveTheirDistances() {
        #expect(Geo.earthRadius == Self.cases.earthRadius)
        for c in Self.cases.cases {
            let metres = Geo.haversine(lat1: c.from[0], lon1: c.from[1], lat2: c.to[0], lon2: c.to[1])
            #expect(abs(metres - c.metres) < 1e-6, "\(c.name): \(metres) m, expected \(c.metres) m")
        }
    }

    @Test func aDestinationIsAsFarAsAsked() {
        for bearing in stride(from: 0.0, to: 360, by: 45) {
            let to = Geo.destination(latitude: 47.8, longitude: 179.9, bearingDegrees: bearing, distance: 25_000)
            #expect((-180...180).contains(to.longitude))
            #expect(abs(Geo.haversine(lat1: 47.8, lon1: 179.9, lat2: to.latitude, lon2: to.longitude) - 25_000) < 0.01)
        }
    }

    @Test func distancesAreWrittenAsReasonsShowThem() {
        #expect(Geo.format(metres: 40.4) == "40 m")
        #expect(Geo.format(metres: 999.4) == "999 m")
        #expect(Geo.format(metres: 999.6) == "1 km")
        #expect(Geo.format(metres: 1_234) == "1.2 km")
        #expect(Geo.format(metres: .nan) == "? m")
    }
}
