import CadenceCore
import Foundation
import Geo

/// A point on the Earth (WGS 84 degrees). Always valid: latitude in −90…90,
/// longitude in −180…180, both finite.
public struct Coordinate: Equatable, Hashable, Sendable, Codable {
    public let latitude: Double
    public let longitude: Double

    public static let latitudeRange = -90.0...90.0
    public static let longitudeRange = -180.0...180.0

    public init(latitude: Double, longitude: Double) throws(ValidationError) {
        guard latitude.isFinite, Self.latitudeRange.contains(latitude) else {
            throw ValidationError(field: "latitude", "The latitude is a number from -90 to 90 degrees.", key: "spots.error.latitude")
        }
        guard longitude.isFinite, Self.longitudeRange.contains(longitude) else {
            throw ValidationError(field: "longitude", "The longitude is a number from -180 to 180 degrees.", key: "spots.error.longitude")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// For values already known to be in range (computed ones); clamps/wraps defensively.
    init(unchecked latitude: Double, _ longitude: Double) {
        self.latitude = min(90, max(-90, latitude))
        self.longitude = Geo.wrapLongitude(longitude)
    }

    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    /// Decoding validates like `init(latitude:longitude:)` and throws its `ValidationError`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            latitude: c.decode(Double.self, forKey: .latitude),
            longitude: c.decode(Double.self, forKey: .longitude))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
    }
}
