import Foundation

/// Where an imported run's activity came from.
public enum ActivitySource: String, Sendable, Codable {
    /// GPX `trk/type`, TCX `Sport`.
    case file
    /// Chosen by the person importing (it wins over the file's).
    case form
    /// Neither names one Cadence knows: cleaning keeps everything a GPS receiver can record.
    case unknown
}
