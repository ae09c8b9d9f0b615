import CadenceCore
import Foundation
import Geo

/// The outcome of one report against one fence, explainable to a person (R4 "every
/// decision is explainable").
public struct FenceDecision: Equatable, Sendable, Codable {
    public enum Outcome: String, Codable, Sendable {
        /// Decisively inside now, not inside before (unknown or outside).
        case entered
        /// Decisively outside now, inside before.
        case left
        case stillInside
        /// Decisively outside now and not inside before (includes a first report).
        case stillOutside
        /// The accuracy circle straddles the edge: nothing changes.
        case uncertain
        /// Older than the last report used: ignored.
        case stale
        /// Same time as the last report used: ignored.
        case duplicate
    }

    public let outcome: Outcome
    /// An alert goes out now.
    public let fired: Bool
    /// Centre → reported point, metres.
    public let distance: Double
    /// The report's accuracy, metres.
    public let accuracy: Double
    /// One plain sentence: why it did or didn't fire, with numbers (English, as the API gives it).
    public let reason: String
    /// The same sentence's catalogue key and values (`spots.fence.…`), so a page can say it in the person's language;
    /// absent on decisions kept before there was one.
    public let reasonKey: String?
    public let reasonArguments: [String: String]?

    public init(outcome: Outcome, fired: Bool, distance: Double, accuracy: Double, reason: String,
                reasonKey: String? = nil, reasonArguments: [String: String]? = nil) {
        self.outcome = outcome
        self.fired = fired
        self.distance = distance
        self.accuracy = accuracy
        self.reason = reason
        self.reasonKey = reasonKey
        self.reasonArguments = reasonArguments
    }

    /// The reason as a catalogue message, when it has one.
    public var localizedReason: MessageKey? { reasonKey.map { MessageKey($0, reasonArguments ?? [:]) } }
}
