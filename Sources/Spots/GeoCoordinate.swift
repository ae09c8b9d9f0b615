import CadenceCore
import Foundation

/// A point on the Earth (WGS 84 degrees). Always valid: latitude in −90…90,
/// longitude in −180…180, both finite.
public struct Coordinate: Equatable, Hashable, Sendable, Codable {
    public let latitude: Double
    public let longitude: Double

    public static let latitudeRange = -90.0...90.0
    public static let longitudeRange = -180.0...180.0

    public init(latitude: Double, longitude: Double) throws(ValidationError) {
        guard latitude.isFinite, Self.latitudeRange.contains(latitude) else {
            throw ValidationError(field: "latitude", "The latitude is a number from -90 to 90 degrees.")
        }
        guard longitude.isFinite, Self.longitudeRange.contains(longitude) else {
            throw ValidationError(field: "longitude", "The longitude is a number from -180 to 180 degrees.")
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

/// Spherical-Earth geometry. Good to ~0.5 % against the ellipsoid, which is far
/// below GPS accuracy at fence scale (50 m – 50 km).
public enum Geo {
    /// Mean Earth radius (IUGG), metres.
    public static let earthRadius = 6_371_008.8

    @inline(__always) static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    @inline(__always) static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// Great-circle distance in metres (haversine formula, as in the seed's 5.3.1).
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = radians(a.latitude), φ2 = radians(b.latitude)
        let h = haversineTerm(φ1: φ1, cosφ1: cos(φ1), φ2: φ2, cosφ2: cos(φ2),
                              Δλ: radians(b.longitude - a.longitude))
        return centralAngle(h) * earthRadius
    }

    /// hav(θ) for the central angle θ between two points.
    @inline(__always)
    static func haversineTerm(φ1: Double, cosφ1: Double, φ2: Double, cosφ2: Double, Δλ: Double) -> Double {
        let sφ = sin((φ2 - φ1) / 2), sλ = sin(Δλ / 2)
        return min(1, sφ * sφ + cosφ1 * cosφ2 * sλ * sλ)
    }

    /// Central angle (radians) from hav(θ).
    @inline(__always) static func centralAngle(_ h: Double) -> Double {
        2 * atan2(h.squareRoot(), (1 - h).squareRoot())
    }

    /// The point reached by going `distance` metres from `from` along the initial
    /// bearing (degrees clockwise from north). Longitude is wrapped into −180…180.
    public static func destination(from: Coordinate, bearingDegrees: Double, distance: Double) -> Coordinate {
        let δ = distance / earthRadius
        let θ = radians(bearingDegrees)
        let φ1 = radians(from.latitude), λ1 = radians(from.longitude)
        let sinφ2 = sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ)
        let φ2 = asin(min(1, max(-1, sinφ2)))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sinφ2)
        return Coordinate(unchecked: degrees(φ2), degrees(λ2))
    }

    /// Wraps any finite longitude into −180…180 (180 stays 180).
    static func wrapLongitude(_ λ: Double) -> Double {
        guard λ.isFinite else { return 0 }
        if (-180...180).contains(λ) { return λ }
        var x = (λ + 180).truncatingRemainder(dividingBy: 360)
        if x < 0 { x += 360 }
        return x - 180
    }

    /// "40 m", "1.2 km", "50 km": how distances are written in decision reasons.
    /// Locale-independent on purpose (the reason is stored and shown as is).
    public static func format(metres: Double) -> String {
        guard metres.isFinite else { return "? m" }
        let m = abs(metres)
        if m < 999.5 { return "\(Int(m.rounded())) m" }
        let tenths = Int((m / 100).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) km" : "\(tenths / 10).\(tenths % 10) km"
    }
}
