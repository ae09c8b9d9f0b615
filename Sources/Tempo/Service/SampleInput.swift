import CadenceCore
import Foundation
import Tempo

/// A sample as devices send it: `t` in milliseconds since 1970 (compact for 1 Hz batches),
/// every other field optional. See docs/tempo.md.
public struct SampleInput: Codable {
    public let t: Int64
    public let lat: Double?
    public let lon: Double?
    public let ele: Double?
    public let hr: Double?
    public let cadence: Double?
    public let tempo: Double?
    public let distance: Double?

    public var sample: RunSample {
        RunSample(time: t, latitude: lat, longitude: lon, elevation: ele, heartRate: hr, cadence: cadence, tempo: tempo, distance: distance)
    }

    public init(_ sample: RunSample) {
        t = sample.time
        lat = sample.latitude; lon = sample.longitude; ele = sample.elevation
        hr = sample.heartRate; cadence = sample.cadence; tempo = sample.tempo; distance = sample.distance
    }
}
