import CadenceCore
import Foundation
import Geo

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
            throw ValidationError(field: "radius", "The radius is from 50 m to 50 km.", key: "spots.error.radius_range")
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
