/// The latest reading of the phone's or a strap's sensors.
public struct SensorReading: Sendable, Equatable, Codable {
    /// ms since 1970, when it was measured.
    public var time: Int64
    /// Steps per minute (or rpm).
    public var cadence: Double?
    public var heartRate: Double?
    public init(time: Int64, cadence: Double? = nil, heartRate: Double? = nil) {
        self.time = time; self.cadence = cadence; self.heartRate = heartRate
    }
}
