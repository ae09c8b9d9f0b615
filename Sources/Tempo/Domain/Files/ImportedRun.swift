import Foundation

/// A file's activity read for storing: samples in time order, the pauses between its segments,
/// and the report. Foundation only; the server stores it.
public struct ImportedRun: Sendable, Equatable {
    public var name: String?
    /// nil when unknown (stored as "other").
    public var activity: Activity?
    public var simulated: Bool
    public var samples: [RunSample]
    public var pauses: [RunPause]
    public var report: ImportReport
    /// The start the file claims (TCX `Id`) when it is not after the first sample; else the first sample.
    public var startTime: Int64
    public var endTime: Int64
}
