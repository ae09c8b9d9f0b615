/// The energy a workout used, with how it was estimated (so the page can say how far to trust it).
public struct CalorieEstimate: Sendable, Equatable, Codable {
    public var kilocalories: Double
    /// The equation used for most of the moving time.
    public var method: CalorieMethod
    /// A sentence for people: the equation, and any assumption such as the default weight.
    public var methodText: String
    /// What `methodText` says beyond the method, for a page that says it in another language: the minutes of a
    /// heart-rate estimate without a heart rate when it mentions them (half a minute or more), …
    public var minutesWithoutHeartRate: Double? = nil
    /// … and whether the weight was unknown (70 kg assumed). Nil in summaries stored before these existed.
    public var weightAssumed: Bool? = nil
}
