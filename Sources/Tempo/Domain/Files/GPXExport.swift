import Foundation

/// What `GPXWriter` produced.
public struct GPXExport: Sendable {
    public var data: Data
    /// Samples left out because they have no position (a GPX `trkpt` requires `lat`/`lon`).
    public var skippedWithoutPosition: Int
}
