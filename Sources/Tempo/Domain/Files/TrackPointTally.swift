import Foundation

/// What the GPX and TCX readers keep track of while points arrive: where each recorded segment
/// starts (a gap between segments is a pause, not a straight line), and the points left out for
/// having no time (counted, with the first one's line, for the import report).
struct TrackPointTally {
    private(set) var segmentStarts: [Int] = []
    private(set) var untimed = 0
    private(set) var firstUntimedLine: Int?
    /// Untimed points kept with a time interpolated between the timed points around them (GPX).
    private(set) var interpolated = 0
    private var segmentPending: Bool

    /// The current segment has a timed point kept: an untimed point now has a timed one before it.
    var inTimedSegment: Bool { !segmentPending && !segmentStarts.isEmpty }

    /// `segmentPending`: the first point starts a segment without the file saying so (TCX).
    init(segmentPending: Bool) {
        self.segmentPending = segmentPending
    }

    /// The next point starts a new segment.
    mutating func startSegment() {
        segmentPending = true
    }

    mutating func countInterpolated() {
        interpolated += 1
    }

    /// Whether to keep a point that would be sample number `index`: one without a time is
    /// counted and left out; the first one kept after a segment began marks where it starts.
    mutating func keep(timed: Bool, line: Int, index: Int) -> Bool {
        guard timed else {
            untimed += 1
            firstUntimedLine = firstUntimedLine ?? line
            return false
        }
        if segmentPending {
            segmentStarts.append(index)
            segmentPending = false
        }
        return true
    }
}
