import CadenceCore
import Foundation

/// A workout plan (M2): a named, ordered list of steps for one activity.
/// Built only through the checking `init`, so a plan in hand is always valid.
public struct WorkoutPlan: Equatable, Sendable {
    public let id: UUID
    public let name: String
    public let activity: Activity
    public let steps: [PlanStep]

    public static let maximumNameLength = 80
    public static let maximumStepsPerList = 100
    public static let maximumRepeatCount = 50
    /// Repeats inside repeats inside repeats, no deeper.
    public static let maximumRepeatDepth = 3
    /// Intervals once every repeat is expanded.
    public static let maximumExpandedIntervals = 2000
    public static let maximumTotalSeconds: Double = 12 * 3600
    public static let intervalSeconds: ClosedRange<Double> = 5...(6 * 3600)
    public static let intervalMetres: ClosedRange<Double> = 10...200_000

    /// A checked plan. Errors name the field by its path, e.g. `steps[2].repeat.steps[0].length`.
    public init(id: UUID = UUID(), name: String, activity: Activity = .running, steps: [PlanStep]) throws(ValidationError) {
        self.id = id
        self.name = try RequiredText.check(name, field: "name", maximumLength: Self.maximumNameLength,
                                           whenEmpty: "Give the plan a name.", noun: "A plan name", keys: .under("tempo.plans.error.name"))
        self.activity = activity
        guard !steps.isEmpty else { throw ValidationError(field: "steps", "Add at least one interval.", key: "tempo.plans.error.no_steps") }
        var checker = PlanChecker(profile: activity.profile)
        self.steps = try checker.check(steps, path: "steps", depth: 0)
        if checker.expandedIntervals > Self.maximumExpandedIntervals {
            throw ValidationError(field: "steps", "A plan has at most \(Self.maximumExpandedIntervals) intervals once repeats are counted out.",
                                  key: "tempo.plans.error.too_many_intervals", ["max": String(Self.maximumExpandedIntervals)])
        }
        if checker.totalSeconds > Self.maximumTotalSeconds {
            throw ValidationError(field: "steps", "A plan lasts at most 12 hours.", key: "tempo.plans.error.too_long")
        }
    }

    /// The same plan under another name or id (for saving a template as the user's own plan).
    public func renamed(_ name: String, id: UUID = UUID()) throws(ValidationError) -> WorkoutPlan {
        try WorkoutPlan(id: id, name: name, activity: activity, steps: steps)
    }

    /// The plan laid out in time.
    public var timeline: PlanTimeline { PlanTimeline(plan: self) }
}
