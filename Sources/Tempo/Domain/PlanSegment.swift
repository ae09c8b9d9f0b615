import Foundation

/// One interval of a plan laid out in time (repeats expanded).
public struct PlanSegment: Equatable, Sendable, Codable {
    /// Position in the timeline, from 0.
    public let index: Int
    public let name: String
    /// Where the interval sits in the plan, e.g. `steps[1].repeat.steps[0]`.
    public let path: String
    /// Which round of the innermost repeat this is (1-based) and how many there are; nil outside repeats.
    public let round: Int?
    public let rounds: Int?
    /// Seconds from the start of the workout.
    public let start: Double
    public let duration: Double
    public let targetStart: Target
    public let targetEnd: Target
    /// Cadence (steps/min, or rpm) the interval asks for at its start and end; linear in between.
    public let cadenceStart: Double
    public let cadenceEnd: Double
    /// Metres: exact for a distance interval, estimated from the assumed speed otherwise.
    public let distance: Double
    public let byDistance: Bool

    public var end: Double { start + duration }
    public var isRamp: Bool { cadenceStart != cadenceEnd }
    /// Name with the round, e.g. "Sprint 3/6".
    public var label: String {
        if let round, let rounds { return "\(name) \(round)/\(rounds)" }
        return name
    }
}
