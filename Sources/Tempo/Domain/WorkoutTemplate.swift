import CadenceCore
import Foundation

/// A plan kept to start from: shipped with Cadence, or saved by the user.
public struct WorkoutTemplate: Equatable, Sendable, Codable {
    public let id: UUID
    public let builtIn: Bool
    public let plan: WorkoutPlan

    public var name: String { plan.name }

    public init(id: UUID = UUID(), builtIn: Bool = false, plan: WorkoutPlan) {
        self.id = id
        self.builtIn = builtIn
        self.plan = plan
    }

    /// The user's own template from one of their plans, under a (checked) name.
    public static func saving(_ plan: WorkoutPlan, as name: String, id: UUID = UUID()) throws(ValidationError) -> WorkoutTemplate {
        WorkoutTemplate(id: id, builtIn: false, plan: try plan.renamed(name))
    }

    /// A new plan made from this template (a fresh id, so editing it leaves the template alone).
    public func makePlan(id: UUID = UUID(), name: String? = nil) throws(ValidationError) -> WorkoutPlan {
        try plan.renamed(name ?? plan.name, id: id)
    }
}
