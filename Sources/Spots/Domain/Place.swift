import CadenceCore
import Foundation

/// Where a reminder fires: a named area (R2). The fence carries centre, radius and arrive/leave.
public struct Place: Equatable, Sendable, Codable {
    public static let nameMaximumLength = 120

    public var name: String
    public var fence: Fence

    /// - Throws: `ValidationError` on field `place.name` when the name is empty or longer than 120 characters.
    public init(name: String, fence: Fence) throws(ValidationError) {
        self.name = try Self.checkName(name)
        self.fence = fence
    }

    /// Trims and checks a place name; field `place.name`.
    public static func checkName(_ raw: String) throws(ValidationError) -> String {
        try RequiredText.check(
            raw, field: "place.name", maximumLength: nameMaximumLength,
            whenEmpty: "Give the place a name.", noun: "A place name", keys: .under("spots.error.place_name", "."))
    }
}
