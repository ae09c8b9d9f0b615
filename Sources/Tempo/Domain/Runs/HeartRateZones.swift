import Foundation

/// Heart-rate zones as shares of the maximum heart rate: zone 1 is 50–60 %, zone 2 60–70 %, … zone 5 90–100 %
/// (the five-zone model most watches and coaching plans use). The maximum is the runner's own figure when they set
/// one, else Tanaka, Monahan & Seals (2001): 208 − 0.7 × age; without either there are no zones.
public enum HeartRateZones {
    public static let zones = 1...5
    public static let maximumRange: ClosedRange<Double> = 100...240

    public static func band(zone: Int, maximum: Double) -> HeartRateBand? {
        guard zones.contains(zone), maximum > 0 else { return nil }
        let low = maximum * (0.4 + 0.1 * Double(zone)), high = maximum * (0.5 + 0.1 * Double(zone))
        return HeartRateBand(zone: zone, low: (low).rounded(), high: high.rounded())
    }

    /// Every zone's band.
    public static func bands(maximum: Double) -> [HeartRateBand] {
        zones.compactMap { band(zone: $0, maximum: maximum) }
    }

    /// The zone a heart rate falls in (below zone 1 counts as 1, above zone 5 as 5); nil without a maximum.
    public static func zone(of heartRate: Double, maximum: Double) -> Int {
        let share = heartRate / maximum
        return min(5, max(1, Int(((share - 0.4) * 10).rounded(.down))))
    }

    /// The runner's maximum and where it comes from: `"profile"` (their own) or `"age"` (Tanaka's formula).
    public static func maximum(own: Double?, birthYear: Int?, year: Int) -> (value: Double, source: String)? {
        if let own, maximumRange.contains(own) { return (own, "profile") }
        guard let birthYear, birthYear < year else { return nil }
        return ((208 - 0.7 * Double(year - birthYear)).rounded(), "age")
    }
}

/// The heart rates one zone spans, in beats per minute (both ends inside the zone).
public struct HeartRateBand: Sendable, Equatable, Codable {
    public let zone: Int
    public let low: Double
    public let high: Double

    public init(zone: Int, low: Double, high: Double) {
        self.zone = zone; self.low = low; self.high = high
    }
}
