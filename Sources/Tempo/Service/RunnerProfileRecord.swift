import Foundation
import Tempo

/// The runner's facts that calories and heart-rate zones need.
public struct RunnerProfileRecord: Equatable, Sendable {
    public var weightKg: Double?
    public var birthYear: Int?
    public var sex: String?
    /// Their own maximum heart rate; without it the zones come from the birth year.
    public var maxHeartRate: Double?
    public init(weightKg: Double? = nil, birthYear: Int? = nil, sex: String? = nil, maxHeartRate: Double? = nil) {
        self.weightKg = weightKg; self.birthYear = birthYear; self.sex = sex; self.maxHeartRate = maxHeartRate
    }

    /// The maximum heart rate the zones use and where it comes from, in `year`.
    public func heartRateMaximum(year: Int) -> (value: Double, source: String)? {
        HeartRateZones.maximum(own: maxHeartRate, birthYear: birthYear, year: year)
    }
}
