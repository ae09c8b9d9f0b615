/// Where a run's distance came from.
public enum DistanceSource: String, Sendable, Equatable, Codable {
    /// Summed between GPS positions (3-D, elevation included).
    case positions
    /// The device's own distance field (TCX `DistanceMeters`, a foot pod): no positions in the track.
    case device
    /// Neither: distance is 0 and pace is unknown.
    case none
}
