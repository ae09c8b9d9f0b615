/// What calorie estimates need to know about the person. Everything is optional because people
/// may not say; the estimate then uses fewer facts and says so (see `CalorieEstimate.method`).
public struct RunnerProfile: Sendable, Equatable, Codable {
    public enum Sex: String, Sendable, Equatable, Codable { case female, male, other }

    public var weightKg: Double?
    public var age: Double?
    public var sex: Sex?

    /// Body mass used when none is given: a round adult figure, stated in the result.
    public static let defaultWeightKg = 70.0

    public init(weightKg: Double? = nil, age: Double? = nil, sex: Sex? = nil) {
        self.weightKg = weightKg; self.age = age; self.sex = sex
    }

    /// The weight if it is a plausible body mass (20…300 kg), else nil.
    var knownWeight: Double? {
        guard let w = weightKg, w.isFinite, (20...300).contains(w) else { return nil }
        return w
    }

    /// True when the heart-rate equation can be used: it needs weight, age, and a sex it has coefficients for.
    public var supportsHeartRateEquation: Bool {
        guard knownWeight != nil, let age, age.isFinite, age > 0, let sex else { return false }
        return sex == .female || sex == .male
    }
}
