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

public struct SamplesInput: Decodable {
    public let samples: [SampleInput]
}

/// Starting a run. The id is the client's, so a device that lost the answer (or recorded
/// offline) can send the same run again without making a second one.
public struct NewRunInput: Decodable {
    public let id: UUID
    public let startedAt: Date
    public let activity: Activity?
    public let name: String?
    public let planId: UUID?
    public let playlistId: UUID?
    /// The person turned the runner simulator on: the run's readings are made up, and it says so.
    public let simulated: Bool?
}

public struct PauseInput: Decodable {
    public let start: Date
    public let end: Date?
}

public struct FinishInput: Decodable {
    public let endedAt: Date
    public let pauses: [PauseInput]?
}

/// `PUT /runs/{id}`: a new name, the activity it was (running, walking, cycling, other), or both.
public struct UpdateRunInput: Decodable {
    public let name: String?
    public let activity: String?
}

public struct ProfileInput: Codable {
    public let weightKg: Double?
    public let birthYear: Int?
    public let sex: String?

    public init(weightKg: Double?, birthYear: Int?, sex: String?) {
        self.weightKg = weightKg
        self.birthYear = birthYear
        self.sex = sex
    }
}
