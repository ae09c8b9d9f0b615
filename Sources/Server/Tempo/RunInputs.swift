import CadenceCore
import Foundation
import Tempo

/// A sample as devices send it: `t` in milliseconds since 1970 (compact for 1 Hz batches),
/// every other field optional. See docs/tempo.md.
struct SampleInput: Codable {
    let t: Int64
    let lat: Double?
    let lon: Double?
    let ele: Double?
    let hr: Double?
    let cadence: Double?
    let tempo: Double?
    let distance: Double?

    var sample: RunSample {
        RunSample(time: t, latitude: lat, longitude: lon, elevation: ele, heartRate: hr, cadence: cadence, tempo: tempo, distance: distance)
    }

    init(_ sample: RunSample) {
        t = sample.time
        lat = sample.latitude; lon = sample.longitude; ele = sample.elevation
        hr = sample.heartRate; cadence = sample.cadence; tempo = sample.tempo; distance = sample.distance
    }
}

struct SamplesInput: Decodable {
    let samples: [SampleInput]
}

/// Starting a run. The id is the client's, so a device that lost the answer (or recorded
/// offline) can send the same run again without making a second one.
struct NewRunInput: Decodable {
    let id: UUID
    let startedAt: Date
    let activity: Activity?
    let name: String?
    let planId: UUID?
    let playlistId: UUID?
    /// The person turned the runner simulator on: the run's readings are made up, and it says so.
    let simulated: Bool?
}

struct PauseInput: Decodable {
    let start: Date
    let end: Date?
}

struct FinishInput: Decodable {
    let endedAt: Date
    let pauses: [PauseInput]?
}

/// `PUT /runs/{id}`: a new name, the activity it was (running, walking, cycling, other), or both.
struct UpdateRunInput: Decodable {
    let name: String?
    let activity: String?
}

struct ProfileInput: Codable {
    let weightKg: Double?
    let birthYear: Int?
    let sex: String?
}
