import CadenceCore
import Foundation

/// How a run stands against its cue schedule as planned from the start (T5): pauses stop
/// the talk's clock, so the keywords wait for the speaker, but not the audience's, so a
/// cue held past the time the next one was due is overdue.
public enum Pace: String, Equatable, Sendable, Codable {
    /// More than 10 s before the next cue (or the end) is due: green.
    case onTime
    /// The next cue (or the end) is due within 10 s: amber.
    case dueSoon
    /// The next cue's (or the end's) planned time has passed: red.
    case overdue

    /// Inside this many milliseconds of the next cue (or the end) the pace turns amber.
    public static let dueSoonMilliseconds: Int64 = 10_000

    /// The pace at `now` when the next cue (or the end) is due at `dueAt` (both ms since 1970).
    public init(dueAt: Int64, now: Int64) {
        let spare = dueAt - now
        self = spare > Self.dueSoonMilliseconds ? .onTime : spare > 0 ? .dueSoon : .overdue
    }
}
