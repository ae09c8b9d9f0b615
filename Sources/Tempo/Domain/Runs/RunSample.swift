import Foundation

/// One moment of a recorded run: where, how high, and what the sensors said.
/// Every field but the time is optional: a treadmill run has no position, a phone without a
/// strap has no heart rate, a GPX from a hand-held GPS has neither heart rate nor cadence.
public struct RunSample: Sendable, Equatable, Codable {
    /// Milliseconds since 1970 (UTC). Samples are ordered by it.
    public var time: Int64
    public var latitude: Double?
    public var longitude: Double?
    /// Metres above sea level.
    public var elevation: Double?
    /// Beats per minute.
    public var heartRate: Double?
    /// Steps per minute (both feet) for running and walking, revolutions per minute for cycling.
    public var cadence: Double?
    /// The music's tempo at this moment, BPM after stretching (only runs made with Cadence have it).
    public var tempo: Double?
    /// Distance from the start in metres, when the device measured it (TCX `DistanceMeters`,
    /// a foot pod on a treadmill). Stats prefer positions when there are any.
    public var distance: Double?

    public init(time: Int64, latitude: Double? = nil, longitude: Double? = nil, elevation: Double? = nil,
                heartRate: Double? = nil, cadence: Double? = nil, tempo: Double? = nil, distance: Double? = nil) {
        self.time = time; self.latitude = latitude; self.longitude = longitude; self.elevation = elevation
        self.heartRate = heartRate; self.cadence = cadence; self.tempo = tempo; self.distance = distance
    }
}

extension RunSample {
    /// The sample with readings that are not numbers ("NaN" and "INF" parse as doubles) left out;
    /// a position needs both halves.
    public var withFiniteReadings: RunSample {
        func finite(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }
        var sample = self
        let positioned = finite(latitude) != nil && finite(longitude) != nil
        sample.latitude = positioned ? latitude : nil
        sample.longitude = positioned ? longitude : nil
        sample.elevation = finite(elevation)
        sample.heartRate = finite(heartRate)
        sample.cadence = finite(cadence)
        sample.tempo = finite(tempo)
        sample.distance = finite(distance)
        return sample
    }
}
