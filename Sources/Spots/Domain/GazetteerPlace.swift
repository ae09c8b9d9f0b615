import Foundation

/// One populated place of the offline gazetteer (GeoNames `cities*.txt`).
public struct GazetteerPlace: Equatable, Sendable, Codable {
    public let id: Int
    public let name: String
    public let asciiName: String
    public let alternateNames: [String]
    public let countryCode: String
    public let countryName: String
    public let coordinate: Coordinate
    public let population: Int

    public init(
        id: Int, name: String, asciiName: String, alternateNames: [String] = [],
        countryCode: String, countryName: String, coordinate: Coordinate, population: Int
    ) {
        self.id = id
        self.name = name
        self.asciiName = asciiName
        self.alternateNames = alternateNames
        self.countryCode = countryCode
        self.countryName = countryName
        self.coordinate = coordinate
        self.population = population
    }

    /// What a result list shows: "London, United Kingdom".
    public var label: String { countryName.isEmpty ? name : "\(name), \(countryName)" }
}
