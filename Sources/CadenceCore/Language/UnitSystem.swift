/// How a person reads distances and weights: an account setting Tempo's pages follow. Files and the API stay in
/// SI (metres, kilograms) whatever it says, as GPX, TCX and FIT require.
public enum UnitSystem: String, Sendable, Codable, CaseIterable {
    case metric
    case imperial

    public static let metresPerMile = 1609.344
    public static let kilogramsPerPound = 0.45359237

    /// A distance in the person's long unit (km or mi).
    public func distance(metres: Double) -> Double {
        self == .metric ? metres / 1000 : metres / Self.metresPerMile
    }

    /// A weight in the person's unit (kg or lb).
    public func weight(kilograms: Double) -> Double {
        self == .metric ? kilograms : kilograms / Self.kilogramsPerPound
    }

    /// The catalogue key of the distance unit's abbreviation ("km", "mi").
    public var distanceUnitKey: String { self == .metric ? "unit.km" : "unit.mi" }
}
