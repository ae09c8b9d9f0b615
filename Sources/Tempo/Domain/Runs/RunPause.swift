import Foundation

/// A pause of a run: from `start` until `end` (milliseconds since 1970), open while `end` is nil.
public struct RunPause: Sendable, Equatable, Codable {
    public var start: Int64
    public var end: Int64?
    public init(start: Int64, end: Int64? = nil) { self.start = start; self.end = end }

    /// True when one of `pauses` ends after `earlier` and no later than `later`: the recording
    /// resumed between two samples, so nothing joins them: no stretch of distance (`RunStats`
    /// leaves paused time out), no speed for the jump check (`TrackCleaning`), and a new segment
    /// in an exported file. An imported file's gap between two tracks is such a pause.
    public static func resumes(between earlier: Int64, and later: Int64, in pauses: [RunPause]) -> Bool {
        pauses.contains { pause in
            guard let end = pause.end, end > pause.start else { return false }
            return earlier < end && end <= later
        }
    }
}
