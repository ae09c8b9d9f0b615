import CadenceCore
import Foundation
import Geo

/// Whether a place reminder goes off when the device arrives at the place or leaves it.
public enum FenceTrigger: String, Codable, Sendable, CaseIterable {
    case arrive, leave
}

/// A reminder's place: a circle on the ground and what crossing it means.
public struct Fence: Equatable, Sendable, Codable {
    public let id: UUID
    public var center: Coordinate
    /// Metres, within `radiusRange` (checked by the initialiser and by decoding).
    public var radius: Double
    public var trigger: FenceTrigger

    /// R2: radius default 150 m.
    public static let defaultRadius = 150.0
    /// Smaller than 50 m is below what phone positioning can tell apart; larger than
    /// 50 km is not a "place" any more.
    public static let radiusRange = 50.0...50_000.0

    public init(
        id: UUID, center: Coordinate, radius: Double = defaultRadius, trigger: FenceTrigger = .arrive
    ) throws(ValidationError) {
        try Self.checkRadius(radius)
        self.id = id
        self.center = center
        self.radius = radius
        self.trigger = trigger
    }

    public static func checkRadius(_ radius: Double) throws(ValidationError) {
        guard radius.isFinite, radiusRange.contains(radius) else {
            throw ValidationError(field: "radius", "The radius is from 50 m to 50 km.")
        }
    }

    private enum CodingKeys: String, CodingKey { case id, center, radius, trigger }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            id: c.decode(UUID.self, forKey: .id),
            center: c.decode(Coordinate.self, forKey: .center),
            radius: c.decodeIfPresent(Double.self, forKey: .radius) ?? Self.defaultRadius,
            trigger: c.decodeIfPresent(FenceTrigger.self, forKey: .trigger) ?? .arrive)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(center, forKey: .center)
        try c.encode(radius, forKey: .radius)
        try c.encode(trigger, forKey: .trigger)
    }

    /// Exact test used by `FenceIndex.containing` and by brute-force scans alike:
    /// the point is within `radius + margin` metres of the centre.
    public func contains(_ point: Coordinate, margin: Double = 0) -> Bool {
        Geo.distance(center, point) <= radius + max(0, margin)
    }
}

/// One position fix from a device (OwnTracks, browser geolocation, phone app).
public struct LocationReport: Equatable, Sendable {
    public let coordinate: Coordinate
    /// Horizontal accuracy in metres: the radius of the circle the true position is
    /// in with ~68 % confidence (what iOS, Android, W3C geolocation and OwnTracks `acc` report).
    public let accuracy: Double
    /// When the fix was taken (device time), not when it reached the server.
    public let at: Date

    /// Anything coarser than 100 km is not a position fix (it is a country guess).
    public static let maximumAccuracy = 100_000.0

    public init(coordinate: Coordinate, accuracy: Double, at: Date) throws(ValidationError) {
        guard accuracy.isFinite, accuracy > 0, accuracy <= Self.maximumAccuracy else {
            throw ValidationError(field: "accuracy", "The accuracy is a number of metres above 0 and at most 100 km.")
        }
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.at = at
    }
}

/// Where a device is relative to a fence, as last decided.
public enum FencePosition: String, Codable, Sendable {
    case unknown, inside, outside
}

/// What the rules remember about one (fence, device) pair.
///
/// State is kept per device, not per fence: a phone and a watch of the same account
/// each have their own, so one device's stale or jittery fixes can never re-arm or
/// suppress another's. (Two devices arriving together both produce an `entered`
/// decision; the delivery layer sends one alert per fence to every device of the
/// account and may drop a second one for the same fence within a short window.)
/// When a fence's centre, radius or trigger is edited, start again from `.initial`.
public struct FenceState: Equatable, Sendable, Codable {
    public var position: FencePosition
    /// The seed's "alerted" column: set when the alert goes out, cleared by the
    /// opposite transition (leaving for `.arrive`, arriving for `.leave`).
    public var alerted: Bool
    /// Time of the newest report used; older ones are out of order.
    public var lastReportAt: Date?

    public init(position: FencePosition = .unknown, alerted: Bool = false, lastReportAt: Date? = nil) {
        self.position = position
        self.alerted = alerted
        self.lastReportAt = lastReportAt
    }

    public static let initial = FenceState()
}

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
    /// One plain sentence: why it did or didn't fire, with numbers.
    public let reason: String

    public init(outcome: Outcome, fired: Bool, distance: Double, accuracy: Double, reason: String) {
        self.outcome = outcome
        self.fired = fired
        self.distance = distance
        self.accuracy = accuracy
        self.reason = reason
    }
}
