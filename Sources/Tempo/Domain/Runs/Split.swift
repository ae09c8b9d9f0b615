/// One split: a full kilometre (or mile), or the part left at the end.
public struct Split: Sendable, Equatable, Codable {
    /// 1-based.
    public let number: Int
    /// Metres: 1,000 (or 1,609.344) for a full split, less for the last one.
    public let distance: Double
    /// Moving seconds the split took (pauses excluded).
    public let seconds: Double
    /// Seconds per km over the split (for a partial split, scaled to a km).
    public var pace: Double { distance > 0 ? seconds / distance * 1000 : 0 }
    /// Time-weighted mean heart rate over the split, nil without heart rate.
    public let averageHeartRate: Double?
    /// Metres climbed and descended in the split (hysteresis, see `ElevationHysteresis`).
    public let elevationGain: Double
    public let elevationLoss: Double
}
