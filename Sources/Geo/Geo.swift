import Foundation

/// Distances on the Earth, shared by Spots (fences) and Tempo (runs), and written the same way in
/// `static/shared/geo.js` for the pages.
///
/// A sphere is accurate to about 0.5 % against the WGS 84 ellipsoid, far below GPS noise at fence scale
/// (50 m – 50 km) and cheap enough for 36,000 points per run. The functions are inlinable because both
/// features call them in their hottest loops.
public enum Geo {
    /// The IUGG mean radius of WGS 84, metres.
    public static let earthRadius = 6_371_008.8

    @inlinable public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    @inlinable public static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// Great-circle distance in metres between two positions in degrees (the haversine formula, which stays
    /// accurate for the few metres between 1 Hz samples where the cosine formula does not; seed 001 §5.3.1).
    @inlinable
    public static func haversine(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        let s1 = sin(radians(lat2 - lat1) / 2), s2 = sin(radians(lon2 - lon1) / 2)
        let h = s1 * s1 + cos(radians(lat1)) * cos(radians(lat2)) * s2 * s2
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// The point reached by going `distance` metres from a position along the initial bearing (degrees
    /// clockwise from north). The longitude is wrapped into −180…180.
    public static func destination(latitude: Double, longitude: Double, bearingDegrees: Double,
                                   distance: Double) -> (latitude: Double, longitude: Double) {
        let δ = distance / earthRadius
        let θ = radians(bearingDegrees)
        let φ1 = radians(latitude), λ1 = radians(longitude)
        let sinφ2 = sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ)
        let φ2 = asin(min(1, max(-1, sinφ2)))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sinφ2)
        return (min(90, max(-90, degrees(φ2))), wrapLongitude(degrees(λ2)))
    }

    /// Wraps any finite longitude into −180…180 (180 stays 180).
    public static func wrapLongitude(_ λ: Double) -> Double {
        guard λ.isFinite else { return 0 }
        if (-180...180).contains(λ) { return λ }
        var x = (λ + 180).truncatingRemainder(dividingBy: 360)
        if x < 0 { x += 360 }
        return x - 180
    }

    /// True when both coordinates are present, finite and on the globe.
    public static func isValid(latitude: Double?, longitude: Double?) -> Bool {
        guard let latitude, let longitude else { return false }
        return latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
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
