import CadenceCore
import Foundation

/// The planner's rules.
public struct PlannerOptions: Equatable, Sendable, Codable {
    /// Largest tempo change applied to a song, as a fraction (0.08 = ±8%).
    public var stretchBudget: Double
    /// Safety cap on the tempo change between consecutive songs, in BPM of the movement (cadence) frame.
    public var maxJumpBPM: Double
    /// Songs at half the cadence (85 BPM for 170 steps/min).
    public var allowHalfTime: Bool
    /// Songs at twice the cadence (180 BPM for 90 rpm); on by default for cycling only.
    public var allowDoubleTime: Bool
    /// Repeat songs even when the library has enough; off by default.
    public var allowRepeats: Bool

    public static let defaultStretchBudget = 0.08
    public static let maximumStretchBudget = 0.20
    public static let defaultMaxJumpBPM = 12.0

    public init(stretchBudget: Double = defaultStretchBudget, maxJumpBPM: Double = defaultMaxJumpBPM,
                allowHalfTime: Bool = true, allowDoubleTime: Bool = false, allowRepeats: Bool = false) {
        self.stretchBudget = stretchBudget
        self.maxJumpBPM = maxJumpBPM
        self.allowHalfTime = allowHalfTime
        self.allowDoubleTime = allowDoubleTime
        self.allowRepeats = allowRepeats
    }

    private enum CodingKeys: String, CodingKey { case stretchBudget, maxJumpBPM, allowHalfTime, allowDoubleTime, allowRepeats }

    /// Any option left out keeps its default, so `{"stretchBudget": 0.1}` is enough.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(stretchBudget: try c.decodeIfPresent(Double.self, forKey: .stretchBudget) ?? Self.defaultStretchBudget,
                  maxJumpBPM: try c.decodeIfPresent(Double.self, forKey: .maxJumpBPM) ?? Self.defaultMaxJumpBPM,
                  allowHalfTime: try c.decodeIfPresent(Bool.self, forKey: .allowHalfTime) ?? true,
                  allowDoubleTime: try c.decodeIfPresent(Bool.self, forKey: .allowDoubleTime) ?? false,
                  allowRepeats: try c.decodeIfPresent(Bool.self, forKey: .allowRepeats) ?? false)
    }

    /// The defaults for an activity (cycling also takes double-time songs).
    public static func recommended(for activity: Activity) -> PlannerOptions {
        PlannerOptions(allowDoubleTime: activity == .cycling)
    }

    /// Checks the user's settings; errors name the field.
    public func validated() throws(ValidationError) -> PlannerOptions {
        guard stretchBudget.isFinite, (0...Self.maximumStretchBudget).contains(stretchBudget) else {
            throw ValidationError(field: "stretchBudget", "The stretch budget is 0% to 20%.", key: "tempo.music.error.stretch_budget")
        }
        guard maxJumpBPM.isFinite, (1...60).contains(maxJumpBPM) else {
            throw ValidationError(field: "maxJumpBPM", "The largest tempo jump between songs is 1 to 60 BPM.", key: "tempo.music.error.max_jump")
        }
        return self
    }
}
