/// The energy a workout used, with how it was estimated (so the page can say how far to trust it).
public struct CalorieEstimate: Sendable, Equatable, Codable {
    public var kilocalories: Double
    /// The equation used for most of the moving time.
    public var method: CalorieMethod
    /// A sentence for people: the equation, and any assumption such as the default weight.
    public var methodText: String
}
