import CadenceCore
import Foundation

/// Walks the steps once, checking each field and counting the expanded size.
struct PlanChecker {
    let profile: ActivityProfile
    var expandedIntervals = 0
    var totalSeconds: Double = 0

    static let maximumIntervalNameLength = 60

    mutating func check(_ steps: [PlanStep], path: String, depth: Int) throws(ValidationError) -> [PlanStep] {
        guard steps.count <= WorkoutPlan.maximumStepsPerList else {
            throw ValidationError(field: path, "A list of steps has at most \(WorkoutPlan.maximumStepsPerList) entries.",
                                  key: "tempo.plans.error.too_many_steps", ["max": String(WorkoutPlan.maximumStepsPerList)])
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
                    throw ValidationError(field: "\(here).repeat.count", "Repeat 1 to \(WorkoutPlan.maximumRepeatCount) times.",
                                          key: "tempo.plans.error.repeat_count", ["max": String(WorkoutPlan.maximumRepeatCount)])
                }
                guard depth < WorkoutPlan.maximumRepeatDepth else {
                    throw ValidationError(field: "\(here).repeat", "Repeats nest at most \(WorkoutPlan.maximumRepeatDepth) deep.",
                                          key: "tempo.plans.error.repeat_depth", ["max": String(WorkoutPlan.maximumRepeatDepth)])
                }
                guard !inner.isEmpty else {
                    throw ValidationError(field: "\(here).repeat.steps", "A repeat needs at least one interval.", key: "tempo.plans.error.repeat_empty")
                }
                var innerChecker = PlanChecker(profile: profile)
                let innerSteps = try innerChecker.check(inner, path: "\(here).repeat.steps", depth: depth + 1)
                expandedIntervals += innerChecker.expandedIntervals * count
                totalSeconds += innerChecker.totalSeconds * Double(count)
                // Stop early on absurd sizes, before the caller multiplies again.
                if expandedIntervals > WorkoutPlan.maximumExpandedIntervals {
                    throw ValidationError(field: "\(here).repeat.count", "A plan has at most \(WorkoutPlan.maximumExpandedIntervals) intervals once repeats are counted out.",
                                          key: "tempo.plans.error.too_many_intervals", ["max": String(WorkoutPlan.maximumExpandedIntervals)])
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
            throw ValidationError(field: "\(path).name", "An interval name has at most \(Self.maximumIntervalNameLength) characters.",
                                  key: "tempo.plans.error.interval_name_long", ["max": String(Self.maximumIntervalNameLength)])
        }
        switch interval.length {
        case .duration(let seconds):
            guard seconds.isFinite, WorkoutPlan.intervalSeconds.contains(seconds) else {
                throw ValidationError(field: "\(path).length", "A duration is 5 seconds to 6 hours.", key: "tempo.plans.error.duration")
            }
        case .distance(let metres):
            guard metres.isFinite, WorkoutPlan.intervalMetres.contains(metres) else {
                throw ValidationError(field: "\(path).length", "A distance is 10 m to 200 km.", key: "tempo.plans.error.distance")
            }
        }
        try check(interval.target, field: "\(path).target")
        if let end = interval.endTarget {
            guard end.kind == interval.target.kind else {
                let key = switch interval.target {
                case .zone: "tempo.plans.error.ramp_kind_zone"
                case .cadence: "tempo.plans.error.ramp_kind_cadence"
                case .pace: "tempo.plans.error.ramp_kind_pace"
                }
                throw ValidationError(field: "\(path).endTarget", "A ramp ends on the same kind of target it starts on (\(interval.target.kind)).", key: key)
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
            guard (1...5).contains(zone) else { throw ValidationError(field: field, "A zone is 1 to 5.", key: "tempo.plans.error.zone") }
        case .cadence(let cadence):
            let range = profile.cadenceRange
            guard cadence.isFinite, range.contains(cadence) else {
                let key = switch profile.activity {
                case .running: "tempo.plans.error.cadence_running"
                case .walking: "tempo.plans.error.cadence_walking"
                case .cycling: "tempo.plans.error.cadence_cycling"
                }
                throw ValidationError(field: field, "A \(profile.activity.rawValue) cadence is \(Int(range.lowerBound)) to \(Int(range.upperBound)) \(profile.activity.cadenceUnit).",
                                      key: key, ["min": String(Int(range.lowerBound)), "max": String(Int(range.upperBound))])
            }
        case .pace(let secondsPerKm):
            let range = profile.paceRange
            guard secondsPerKm.isFinite, range.contains(secondsPerKm) else {
                let key = switch profile.activity {
                case .running: "tempo.plans.error.pace_running"
                case .walking: "tempo.plans.error.pace_walking"
                case .cycling: "tempo.plans.error.pace_cycling"
                }
                throw ValidationError(field: field, "A \(profile.activity.rawValue) pace is \(PaceText.format(range.lowerBound)) to \(PaceText.format(range.upperBound)) per km.",
                                      key: key, ["min": PaceText.format(range.lowerBound), "max": PaceText.format(range.upperBound)])
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
