import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Spots
import SpotsStorage
import Storage
import Testing

/// The offline gazetteer (R2): `GET /api/v1/spots/places?q=…` finds GeoNames cities by prefix,
/// tolerates typos, ranks by population and names the country.
/// (The table is global, so on a shared PostgreSQL database these run one at a time.)
@Suite(.timeLimit(.minutes(5)), .serialized) struct SpotsGazetteerAPITests {
    static func place(_ id: Int, _ name: String, _ country: String, _ code: String, population: Int,
                      alternates: [String] = []) throws -> GazetteerPlace {
        GazetteerPlace(id: id, name: name, asciiName: name.folding(options: .diacriticInsensitive, locale: nil), alternateNames: alternates,
                       countryCode: code, countryName: country,
                       coordinate: try Coordinate(latitude: Double(id % 80), longitude: Double(id % 170)), population: population)
    }

    static func places() throws -> [GazetteerPlace] {
        [
            try place(1, "Paris", "France", "FR", population: 2_138_551),
            try place(2, "Paris", "United States", "US", population: 24_171),
            try place(3, "Springfield", "United States", "US", population: 169_176),
            try place(4, "Springfield", "United States", "US", population: 116_250),
            try place(5, "Springvale", "Australia", "AU", population: 20_000),
            try place(6, "München", "Germany", "DE", population: 1_260_391, alternates: ["Munich", "Monaco di Baviera"]),
            try place(7, "Parisot", "France", "FR", population: 900),
        ]
    }

    @Test func anEmptyGazetteerFindsNothing() async throws {
        try await withTestServer { server in
            try await SQLSpotsStore(database: server.database).replaceGazetteer([])
            let token = try await server.client.register(email: uniqueEmail("places"))
            let response = try await server.client.json(.get, "/api/v1/spots/places?q=Paris", token: token)
            #expect(response.status == .ok)
            #expect(response.text == "[]")
            // Issue 39: the answer says there is no list of places at all, so a page need not say "no place found".
            #expect(response.headers[HTTPField.Name("Cadence-Gazetteer")!] == "none")
        }
    }

    @Test func placesAreFoundByPrefixAndDespiteTyposRankedByPopulation() async throws {
        try await withTestServer { server in
            try await SQLSpotsStore(database: server.database).replaceGazetteer(try Self.places())
            let client = server.client
            let token = try await client.register(email: uniqueEmail("places"))
            func search(_ q: String) async throws -> [[String: Any]] {
                let response = try await client.json(.get, "/api/v1/spots/places?q=\(q)", token: token)
                #expect(response.status == .ok, "\(q) → \(response.text)")
                return response.array
            }

            let spring = try await search("spring")
            #expect(spring.compactMap { $0["id"] as? Int } == [3, 4, 5])
            #expect(spring.first?["country"] as? String == "United States")
            #expect(spring.first?["countryCode"] as? String == "US")
            #expect(spring.first?["label"] as? String == "Springfield, United States")
            #expect(spring.first?["population"] as? Int == 169_176)
            #expect(spring.first?["latitude"] as? Double == 3)

            // Exact names first, by population; then longer names that start with it.
            let paris = try await search("Paris")
            #expect(paris.compactMap { $0["id"] as? Int } == [1, 2, 7])
            #expect(paris.first?["country"] as? String == "France")

            // A typo (one letter swapped, one missing) still finds it.
            #expect(try await search("Pairs").first?["id"] as? Int == 1)
            #expect(try await search("Sprngfield").first?["id"] as? Int == 3)
            // Alternate names and missing diacritics.
            #expect(try await search("munich").first?["name"] as? String == "München")
            #expect(try await search("Munchen").first?["name"] as? String == "München")
            // limit
            let one = try await client.json(.get, "/api/v1/spots/places?q=spring&limit=1", token: token).array
            #expect(one.count == 1)
            // Nothing to search for, or nothing like it (and the list is there: no header saying it is not).
            #expect(try await search("").isEmpty)
            #expect(try await search("Xqzvw").isEmpty)
            let none = try await client.json(.get, "/api/v1/spots/places?q=Xqzvw", token: token)
            #expect(none.headers[HTTPField.Name("Cadence-Gazetteer")!] == nil)
        }
    }

    @Test func aTooLongQueryIsRefused() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("places"))
            let long = try await server.client.json(.get, "/api/v1/spots/places?q=\(String(repeating: "a", count: 101))", token: token)
            #expect(long.status == .badRequest)
            #expect(long.errorField == "q")
            #expect(try await server.client.json(.get, "/api/v1/spots/places?q=\(String(repeating: "a", count: 100))", token: token).status == .ok)
            #expect(try await server.client.json(.get, "/api/v1/spots/places?q=Paris").status == .unauthorized)
        }
    }
}
