import Foundation

/// Distances on the Earth, for turning positions into metres.
///
/// A sphere is accurate to about 0.5% against the WGS84 ellipsoid, far below GPS noise, and
/// cheap enough for 36,000 points per run. The radius is the IUGG mean radius of WGS84.
public enum Geo {
    /// WGS84 mean radius, metres.
    public static let earthRadius = 6_371_008.8

    /// Great-circle distance in metres between two positions in degrees (haversine formula,
    /// which stays accurate for the few metres between 1 Hz samples where the cosine formula does not).
    public static func haversine(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let s1 = sin(dLat / 2), s2 = sin(dLon / 2)
        let a = s1 * s1 + cos(lat1 * radians) * cos(lat2 * radians) * s2 * s2
        return 2 * earthRadius * asin(min(1, a.squareRoot()))
    }

    /// True when both coordinates are present, finite and on the globe.
    public static func isValid(latitude: Double?, longitude: Double?) -> Bool {
        guard let latitude, let longitude else { return false }
        return latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }
}
