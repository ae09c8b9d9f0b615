import CadenceCore
import Foundation

/// The templates Cadence ships (built for running; they are zone-based, so the same
/// shapes work for walking and cycling through that activity's zone table).
public enum Templates {
    /// Seed 001, "Create Workout Page": a 2-minute sprint followed by 3 minutes of low
    /// intensity for 6 sets and then a 10-minute cool-down. The seed names no warm-up,
    /// so there is none: 6 × 5 min + 10 min = 40 minutes.
    public static func sprintIntervals(_ activity: Activity = .running) -> WorkoutPlan {
        make("6 × (2 min sprint + 3 min easy) + 10 min cool-down", activity, [
            .repeat(count: 6, steps: [
                .interval(.minutes(2, "Sprint", .zone(5))),
                .interval(.minutes(3, "Easy", .zone(2))),
            ]),
            .interval(.minutes(10, "Cool-down", .zone(1))),
        ])
    }

    /// 1-2-3-4-3-2-1 minutes hard (zone 4), each followed by as long easy (zone 2): 32 minutes.
    public static func pyramid(_ activity: Activity = .running) -> WorkoutPlan {
        let steps: [PlanStep] = [1, 2, 3, 4, 3, 2, 1].flatMap { (m: Double) -> [PlanStep] in
            [.interval(.minutes(m, "Hard \(Int(m)) min", .zone(4))), .interval(.minutes(m, "Easy", .zone(2)))]
        }
        return make("Pyramid", activity, steps)
    }

    /// Seed 001: "gradually increase in speed over time": one 40-minute ramp from zone 2 to zone 4.
    public static func steadyProgression(_ activity: Activity = .running) -> WorkoutPlan {
        make("Steady progression", activity, [.interval(.minutes(40, "Progression", .zone(2), to: .zone(4)))])
    }

    /// Every shipped template for an activity. Ids are fixed per template and activity, so
    /// clients can refer to them.
    public static func builtIn(_ activity: Activity = .running) -> [WorkoutTemplate] {
        [sprintIntervals(activity), pyramid(activity), steadyProgression(activity)].enumerated().map { index, plan in
            WorkoutTemplate(id: builtInID(index, activity), builtIn: true, plan: plan)
        }
    }

    private static func builtInID(_ index: Int, _ activity: Activity) -> UUID {
        let a = Activity.allCases.firstIndex(of: activity) ?? 0
        return UUID(uuidString: String(format: "7E3B0000-0000-4000-8000-0000000%02d%03d", a, index))!
    }

    private static func make(_ name: String, _ activity: Activity, _ steps: [PlanStep]) -> WorkoutPlan {
        do {
            return try WorkoutPlan(id: UUID(), name: name, activity: activity, steps: steps)
        } catch {
            preconditionFailure("A shipped template is invalid: \(error)")
        }
    }
}
