import CadenceCore
import Foundation

/// The timer's record of a presentation (S4): how long each slide was on screen.
/// Kept only for presentations of 20 minutes or more, as the seed asks, so rehearsals
/// of a few slides do not pile up.
public struct PresentationLog: Equatable, Sendable, Codable {
    public struct Entry: Equatable, Sendable, Codable {
        /// The slide's number in the presentation.
        public let slide: Int
        public let slideId: UUID?
        /// When the slide came on screen (ms since 1970).
        public let enteredAt: Int64
        /// Time spent on it, in ms (timer pauses excluded).
        public let spentMs: Int64

        public init(slide: Int, slideId: UUID?, enteredAt: Int64, spentMs: Int64) {
            self.slide = slide
            self.slideId = slideId
            self.enteredAt = enteredAt
            self.spentMs = spentMs
        }
    }

    public let talkTitle: String
    public let startedAt: Int64
    public let durationMs: Int64
    public let entries: [Entry]

    public static let minimumKeptDuration: Int64 = 20 * 60 * 1000
    public static let maximumEntries = 20_000

    public init(talkTitle: String, startedAt: Int64, durationMs: Int64, entries: [Entry]) throws(ValidationError) {
        guard durationMs >= 0, durationMs <= 24 * 3_600_000 else {
            throw ValidationError(field: "durationMs", "The duration is between 0 and 24 hours, in milliseconds.", key: "stage.error.log_duration")
        }
        guard entries.count <= Self.maximumEntries else {
            throw ValidationError(field: "entries", "A log has at most \(Self.maximumEntries) entries.", key: "stage.error.log_entries_max", ["max": String(Self.maximumEntries)])
        }
        for (offset, entry) in entries.enumerated() {
            guard entry.slide >= 1, entry.spentMs >= 0, entry.enteredAt >= 0 else {
                throw ValidationError(field: "entries[\(offset)]", "Each entry has a slide number from 1, and a time spent that is not negative.", key: "stage.error.log_entry")
            }
        }
        self.talkTitle = talkTitle
        self.startedAt = startedAt
        self.durationMs = durationMs
        self.entries = entries
    }

    /// Whether this presentation is long enough to keep.
    public var isKept: Bool { durationMs >= Self.minimumKeptDuration }
}
