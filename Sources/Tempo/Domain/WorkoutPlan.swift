import CadenceCore
import Foundation

/// How long an interval lasts: a time, or a distance covered at the interval's assumed speed.
public enum IntervalLength: Equatable, Sendable {
    case duration(seconds: Double)
    case distance(metres: Double)
}

/// What an interval asks for: an effort zone, a cadence (steps/min, or rpm when cycling), or a pace.
public enum Target: Equatable, Sendable {
    case zone(Int)
    case cadence(Double)
    /// Seconds per kilometre.
    case pace(secondsPerKm: Double)

    var kind: String {
        switch self {
        case .zone: "zone"
        case .cadence: "cadence"
        case .pace: "pace"
        }
    }
}

/// One stretch of a workout at one target, or ramping linearly from `target` to `endTarget`.
public struct Interval: Equatable, Sendable {
    public var name: String
    public var length: IntervalLength
    public var target: Target
    /// When set, the target changes linearly (over time) from `target` to this; same kind as `target`.
    public var endTarget: Target?

    public init(name: String, length: IntervalLength, target: Target, endTarget: Target? = nil) {
        self.name = name
        self.length = length
        self.target = target
        self.endTarget = endTarget
    }

    public var isRamp: Bool { endTarget != nil && endTarget != target }

    /// Shorthand for templates and tests.
    public static func minutes(_ minutes: Double, _ name: String, _ target: Target, to endTarget: Target? = nil) -> Interval {
        Interval(name: name, length: .duration(seconds: minutes * 60), target: target, endTarget: endTarget)
    }
}

/// A step of a plan: an interval, or a block of steps repeated `count` times (blocks may nest).
public enum PlanStep: Equatable, Sendable {
    case interval(Interval)
    case `repeat`(count: Int, steps: [PlanStep])
}

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
                                           whenEmpty: "Give the plan a name.", noun: "A plan name")
        self.activity = activity
        guard !steps.isEmpty else { throw ValidationError(field: "steps", "Add at least one interval.") }
        var checker = PlanChecker(profile: activity.profile)
        self.steps = try checker.check(steps, path: "steps", depth: 0)
        if checker.expandedIntervals > Self.maximumExpandedIntervals {
            throw ValidationError(field: "steps", "A plan has at most \(Self.maximumExpandedIntervals) intervals once repeats are counted out.")
        }
        if checker.totalSeconds > Self.maximumTotalSeconds {
            throw ValidationError(field: "steps", "A plan lasts at most 12 hours.")
        }
    }

    /// The same plan under another name or id (for saving a template as the user's own plan).
    public func renamed(_ name: String, id: UUID = UUID()) throws(ValidationError) -> WorkoutPlan {
        try WorkoutPlan(id: id, name: name, activity: activity, steps: steps)
    }

    /// The plan laid out in time.
    public var timeline: PlanTimeline { PlanTimeline(plan: self) }
}

/// Walks the steps once, checking each field and counting the expanded size.
struct PlanChecker {
    let profile: ActivityProfile
    var expandedIntervals = 0
    var totalSeconds: Double = 0

    static let maximumIntervalNameLength = 60

    mutating func check(_ steps: [PlanStep], path: String, depth: Int) throws(ValidationError) -> [PlanStep] {
        guard steps.count <= WorkoutPlan.maximumStepsPerList else {
            throw ValidationError(field: path, "A list of steps has at most \(WorkoutPlan.maximumStepsPerList) entries.")
        }
        var checked: [PlanStep] = []
        checked.reserveCapacity(steps.count)
        for (index, step) in steps.enumerated() {
            let here = "\(path)[\(index)]"
            switch step {
            case .interval(let interval):
                let interval = try check(interval, path: here)
                expandedIntervals += 1
                totalSeconds += PlanTimeline.seconds(of: interval, profile: profile)
                checked.append(.interval(interval))
            case .repeat(let count, let inner):
                guard (1...WorkoutPlan.maximumRepeatCount).contains(count) else {
                    throw ValidationError(field: "\(here).repeat.count", "Repeat 1 to \(WorkoutPlan.maximumRepeatCount) times.")
                }
                guard depth < WorkoutPlan.maximumRepeatDepth else {
                    throw ValidationError(field: "\(here).repeat", "Repeats nest at most \(WorkoutPlan.maximumRepeatDepth) deep.")
                }
                guard !inner.isEmpty else {
                    throw ValidationError(field: "\(here).repeat.steps", "A repeat needs at least one interval.")
                }
                var innerChecker = PlanChecker(profile: profile)
                let innerSteps = try innerChecker.check(inner, path: "\(here).repeat.steps", depth: depth + 1)
                expandedIntervals += innerChecker.expandedIntervals * count
                totalSeconds += innerChecker.totalSeconds * Double(count)
                // Stop early on absurd sizes, before the caller multiplies again.
                if expandedIntervals > WorkoutPlan.maximumExpandedIntervals {
                    throw ValidationError(field: "\(here).repeat.count", "A plan has at most \(WorkoutPlan.maximumExpandedIntervals) intervals once repeats are counted out.")
                }
                checked.append(.repeat(count: count, steps: innerSteps))
            }
        }
        return checked
    }

    func check(_ interval: Interval, path: String) throws(ValidationError) -> Interval {
        var interval = interval
        let name = interval.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count <= Self.maximumIntervalNameLength else {
            throw ValidationError(field: "\(path).name", "An interval name has at most \(Self.maximumIntervalNameLength) characters.")
        }
        switch interval.length {
        case .duration(let seconds):
            guard seconds.isFinite, WorkoutPlan.intervalSeconds.contains(seconds) else {
                throw ValidationError(field: "\(path).length", "A duration is 5 seconds to 6 hours.")
            }
        case .distance(let metres):
            guard metres.isFinite, WorkoutPlan.intervalMetres.contains(metres) else {
                throw ValidationError(field: "\(path).length", "A distance is 10 m to 200 km.")
            }
        }
        try check(interval.target, field: "\(path).target")
        if let end = interval.endTarget {
            guard end.kind == interval.target.kind else {
                throw ValidationError(field: "\(path).endTarget", "A ramp ends on the same kind of target it starts on (\(interval.target.kind)).")
            }
            try check(end, field: "\(path).endTarget")
            if end == interval.target { interval.endTarget = nil }
        }
        // Named after its target only once the target is known to be sane.
        interval.name = name.isEmpty ? Self.defaultName(for: interval.target, activity: profile.activity) : name
        return interval
    }

    func check(_ target: Target, field: String) throws(ValidationError) {
        switch target {
        case .zone(let zone):
            guard (1...5).contains(zone) else { throw ValidationError(field: field, "A zone is 1 to 5.") }
        case .cadence(let cadence):
            let range = profile.cadenceRange
            guard cadence.isFinite, range.contains(cadence) else {
                throw ValidationError(field: field, "A \(profile.activity.rawValue) cadence is \(Int(range.lowerBound)) to \(Int(range.upperBound)) \(profile.activity.cadenceUnit).")
            }
        case .pace(let secondsPerKm):
            let range = profile.paceRange
            guard secondsPerKm.isFinite, range.contains(secondsPerKm) else {
                throw ValidationError(field: field, "A \(profile.activity.rawValue) pace is \(PaceText.format(range.lowerBound)) to \(PaceText.format(range.upperBound)) per km.")
            }
        }
    }

    static func defaultName(for target: Target, activity: Activity) -> String {
        switch target {
        case .zone(let zone): "Zone \(zone)"
        case .cadence(let cadence): "\(Int(cadence.rounded())) \(activity.cadenceUnit)"
        case .pace(let pace): "\(PaceText.format(pace)) /km"
        }
    }
}

/// Paces as people write them: `m:ss`.
public enum PaceText {
    public static func format(_ secondsPerKm: Double) -> String {
        // Clamped, so no value can trap the conversion (a pace is minutes, never days).
        let total = secondsPerKm.isFinite ? Int(min(max(secondsPerKm, 0), 359_999).rounded()) : 0
        let seconds = total % 60
        return "\(total / 60):\(seconds < 10 ? "0" : "")\(seconds)"
    }
}
