import Foundation

extension Topic {
    /// The time the phone's quick entry proposes for the next cue, so a talk's cues go in as fast as they are typed:
    /// the start for the first; then as far after the last as the last was after the one before (30 s after a single
    /// cue); never past the end of the talk.
    public var proposedNextCueTime: Int {
        guard let last = cues.last else { return 0 }
        let step = cues.count >= 2 ? last.at - cues[cues.count - 2].at : Self.firstCueStep
        return min(duration, last.at + max(step, 1))
    }

    static let firstCueStep = 30
}
