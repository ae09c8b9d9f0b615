import Geo
@testable import Tempo

/// Builders for tracks whose distances are easy to compute by hand.
enum Fixture {
    /// Metres per degree along the equator (and along any meridian): R·π/180 = 111,195.08 m.
    static let metresPerDegree = Geo.earthRadius * Double.pi / 180
    static let t0: Int64 = 1_700_000_000_000

    /// A sample `seconds` after t0, `metres` east of (0°, 0°) along the equator, where the
    /// haversine distance between two such points is exactly R·Δλ = the difference in metres.
    static func east(_ seconds: Double, _ metres: Double, elevation: Double? = nil, heartRate: Double? = nil,
                     cadence: Double? = nil) -> RunSample {
        RunSample(time: t0 + Int64((seconds * 1000).rounded()), latitude: 0, longitude: metres / metresPerDegree,
                  elevation: elevation, heartRate: heartRate, cadence: cadence)
    }

    /// 1 Hz samples at a constant speed along the equator.
    static func steady(seconds: Int, speed: Double, heartRate: Double? = nil) -> [RunSample] {
        (0...seconds).map { east(Double($0), Double($0) * speed, heartRate: heartRate) }
    }
}
