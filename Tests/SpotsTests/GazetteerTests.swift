import Foundation
import Testing
@testable import Spots

@Suite(.timeLimit(.minutes(5))) struct GazetteerTests {
    private static func place(_ id: Int, _ name: String, _ ascii: String, _ alt: [String] = [], _ cc: String,
                              _ country: String, _ lat: Double, _ lon: Double, _ pop: Int) -> GazetteerPlace {
        GazetteerPlace(id: id, name: name, asciiName: ascii, alternateNames: alt, countryCode: cc, countryName: country,
                       coordinate: try! Coordinate(latitude: lat, longitude: lon), population: pop)
    }

    private static let places: [GazetteerPlace] = [
        place(2643743, "London", "London", ["Londres", "Londra", "Лондон"], "GB", "United Kingdom", 51.50853, -0.12574, 8_961_989),
        place(6058560, "London", "London", [], "CA", "Canada", 42.98339, -81.23304, 383_822),
        place(3458449, "Londrina", "Londrina", [], "BR", "Brazil", -23.31028, -51.16278, 575_377),
        place(2643736, "Derry", "Derry", ["Londonderry"], "GB", "United Kingdom", 54.9981, -7.30934, 83_652),
        place(3448439, "São Paulo", "Sao Paulo", ["San Pablo", "Sampa"], "BR", "Brazil", -23.5475, -46.63611, 12_325_232),
        place(3388368, "São Luís", "Sao Luis", [], "BR", "Brazil", -2.52972, -44.30278, 1_014_837),
        place(2988507, "Paris", "Paris", ["Lutetia"], "FR", "France", 48.85341, 2.3488, 2_138_551),
        place(4717560, "Paris", "Paris", [], "US", "United States", 33.66094, -95.55551, 24_171),
        place(2867714, "München", "Muenchen", ["Munich", "Monaco di Baviera"], "DE", "Germany", 48.13743, 11.57549, 1_260_391),
        place(3093133, "Łódź", "Lodz", [], "PL", "Poland", 51.77058, 19.47395, 768_755),
        place(2980291, "Saint-Étienne", "Saint-Etienne", [], "FR", "France", 45.43389, 4.39, 171_483),
        place(3169070, "Rome", "Rome", ["Roma"], "IT", "Italy", 41.89193, 12.51133, 2_318_895),
    ]
    private let gazetteer = Gazetteer(Self.places)

    private func names(_ query: String, limit: Int = 10) -> [String] {
        gazetteer.search(query, limit: limit).map { "\($0.name) \($0.countryCode)" }
    }

    @Test func prefixRankedByPopulation() {
        // All prefix matches by population; then "Łódź" (more people than London CA), which
        // only matches "lond" with one edit ("lod" + n), so it comes last.
        #expect(names("lond") == ["London GB", "Londrina BR", "London CA", "Derry GB", "Łódź PL"])
        #expect(names("Lon", limit: 2) == ["London GB", "Londrina BR"])
    }

    @Test func exactNamesComeBeforeLongerPrefixes() {
        #expect(names("London") == ["London GB", "London CA", "Derry GB"])
        #expect(names("paris") == ["Paris FR", "Paris US"])
    }

    @Test func diacriticsAndCaseAreIgnored() {
        #expect(names("sao").first == "São Paulo BR")
        #expect(names("SÃO PAULO") == ["São Paulo BR"])
        #expect(names("sao luis") == ["São Luís BR"])
        #expect(names("lodz") == ["Łódź PL"])
        #expect(names("saint etienne") == ["Saint-Étienne FR"])
        #expect(names("Saint-Eti") == ["Saint-Étienne FR"])
        #expect(names("muench") == ["München DE"])
    }

    @Test func alternateNamesMatch() {
        #expect(names("munich") == ["München DE"])
        #expect(names("лондон") == ["London GB"])
        #expect(names("roma") == ["Rome IT"])
    }

    @Test func typosAreTolerated() {
        #expect(names("Lodnon").first == "London GB")   // transposition
        #expect(names("Pqris") == ["Paris FR", "Paris US"])   // substitution
        #expect(names("Oaris").first == "Paris FR")   // even in the first letter
        #expect(names("Munnich") == ["München DE"])   // insertion, via the alternate name
        #expect(names("Sai Paolo") == ["São Paulo BR"])   // 9 characters: two edits allowed
        #expect(names("Pqrks").isEmpty)   // 5 characters: only one edit allowed
        #expect(names("Lnd").isEmpty)   // under 4 characters: no typo tolerance
    }

    @Test func typoMatchesRankAfterPrefixMatches() {
        let ranked = gazetteer.searchRanked("Romd")   // "Rome" is 1 edit away; nothing has the prefix
        #expect(ranked.map(\.matchClass) == [2])
        let paris = gazetteer.searchRanked("Paris")
        #expect(paris.map(\.matchClass) == [0, 0])
    }

    @Test func countryIsShown() {
        let first = gazetteer.search("munich")[0]
        #expect(first.countryName == "Germany")
        #expect(first.label == "München, Germany")
        #expect(gazetteer.search("london").map(\.label) == ["London, United Kingdom", "London, Canada", "Derry, United Kingdom"])
    }

    @Test func emptyQueriesFindNothing() {
        #expect(gazetteer.search("").isEmpty)
        #expect(gazetteer.search("   ").isEmpty)
        #expect(gazetteer.search("-'.").isEmpty)
        #expect(gazetteer.search("paris", limit: 0).isEmpty)
        #expect(Gazetteer([]).search("paris").isEmpty)
        #expect(gazetteer.count == Self.places.count)
    }

    @Test func parsesGeoNamesFiles() {
        let countries = Gazetteer.parseGeoNamesCountryInfo(
            "#ISO\tISO3\tISO-Numeric\tfips\tCountry\n GB\tGBR\t826\tUK\tUnited Kingdom\nFR\tFRA\t250\tFR\tFrance\n"
                .replacingOccurrences(of: "\n GB", with: "\nGB"))
        #expect(countries == ["GB": "United Kingdom", "FR": "France"])
        let line = ["2988507", "Paris", "Paris", "Lutece,Paname,Parigi", "48.85341", "2.3488", "P", "PPLC", "FR", "",
                    "11", "75", "751", "75056", "2138551", "", "42", "Europe/Paris", "2024-06-05"].joined(separator: "\t")
        let places = Gazetteer.parseGeoNamesCities(line + "\nbroken line\n", countryNames: countries)
        #expect(places.count == 1)
        #expect(places[0].alternateNames == ["Lutece", "Paname", "Parigi"])
        #expect(places[0].population == 2_138_551 && places[0].countryName == "France")
        #expect(Gazetteer(places).search("paname").first?.id == 2988507)
    }
}
