import CadenceCore
import Foundation

/// Where a run stands at one instant (T4).
public struct RunSnapshot: Equatable, Sendable {
    public enum Phase: String, Equatable, Sendable, Codable {
        case notStarted, running, paused, finished

        /// Its name in catalogue keys (`talks.page.phase.not_started`).
        public var catalogueName: String {
            switch self {
            case .notStarted: "not_started"
            case .running: "running"
            case .paused: "paused"
            case .finished: "finished"
            }
        }
    }

    public let phase: Phase
    /// Seconds of talking so far, pauses excluded.
    public let elapsed: Double
    /// The cue on screen; nil before the first cue's time.
    public let cueIndex: Int?
    /// When (in elapsed seconds) the next cue appears by itself; nil after the last.
    public let nextCueAt: Double?
    /// Seconds left of the estimated duration (0 when over).
    public let remaining: Double
    /// Against the cue schedule; nil before the start and once finished.
    public let pace: Pace?
}
