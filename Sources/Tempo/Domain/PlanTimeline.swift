import Foundation

/// A plan expanded into a flat list of timed segments, with the cadence curve the music follows.
///
/// Distance intervals become durations at the interval's assumed speed: the target's pace
/// when it is a pace, otherwise the speed of the activity's zone table (see `ActivityProfile`)
/// at that zone or cadence. A ramp over a distance is assumed to change speed linearly, so it
/// lasts `2 × distance / (start speed + end speed)`. Within a ramp the cadence changes linearly in time.
public struct PlanTimeline: Sendable {
    public let activity: Activity
    public let segments: [PlanSegment]
    public let totalDuration: Double
    /// Estimated metres over the whole plan.
    public let totalDistance: Double

    // Flat arrays for fast queries by the planner.
    private let starts: [Double]
    private let ends: [Double]
    private let c0: [Double]
    private let c1: [Double]
    /// ∫ cadence dt from 0 to the start of each segment.
    private let integralBefore: [Double]
    /// Times where the cadence jumps (by more than 1), and by how much.
    private let stepTimes: [Double]
    private let stepSizes: [Double]

    public init(plan: WorkoutPlan) {
        activity = plan.activity
        var builder = Builder(profile: plan.activity.profile)
        builder.add(plan.steps, path: "steps", round: nil, rounds: nil)
        segments = builder.segments
        totalDuration = builder.time
        totalDistance = segments.reduce(0) { $0 + $1.distance }
        starts = segments.map(\.start)
        ends = segments.map(\.end)
        c0 = segments.map(\.cadenceStart)
        c1 = segments.map(\.cadenceEnd)
        var integral: [Double] = []
        integral.reserveCapacity(segments.count)
        var sum = 0.0
        for s in segments {
            integral.append(sum)
            sum += s.duration * (s.cadenceStart + s.cadenceEnd) / 2
        }
        integralBefore = integral
        var changes: [Double] = [], sizes: [Double] = []
        for i in segments.indices.dropFirst() where abs(segments[i].cadenceStart - segments[i - 1].cadenceEnd) > 1 {
            changes.append(segments[i].start)
            sizes.append(abs(segments[i].cadenceStart - segments[i - 1].cadenceEnd))
        }
        stepTimes = changes
        stepSizes = sizes
    }

    /// Seconds an interval lasts for this activity (distance intervals at their assumed speed).
    static func seconds(of interval: Interval, profile: ActivityProfile) -> Double {
        switch interval.length {
        case .duration(let seconds): return seconds
        case .distance(let metres):
            let v0 = speed(interval.target, profile: profile)
            let v1 = speed(interval.endTarget ?? interval.target, profile: profile)
            return 2 * metres / (v0 + v1)
        }
    }

    static func speed(_ target: Target, profile: ActivityProfile) -> Double {
        switch target {
        case .zone(let zone): profile.speed(zone: Double(zone))
        case .cadence(let cadence): profile.speed(cadence: cadence)
        case .pace(let pace): 1000 / pace
        }
    }

    static func cadence(_ target: Target, profile: ActivityProfile) -> Double {
        switch target {
        case .zone(let zone): profile.cadence(zone: Double(zone))
        case .cadence(let cadence): cadence
        case .pace(let pace): profile.cadence(speed: 1000 / pace)
        }
    }

    private struct Builder {
        let profile: ActivityProfile
        var segments: [PlanSegment] = []
        var time: Double = 0

        mutating func add(_ steps: [PlanStep], path: String, round: Int?, rounds: Int?) {
            for (index, step) in steps.enumerated() {
                let here = "\(path)[\(index)]"
                switch step {
                case .interval(let interval):
                    let duration = PlanTimeline.seconds(of: interval, profile: profile)
                    let end = interval.endTarget ?? interval.target
                    let distance: Double
                    switch interval.length {
                    case .distance(let metres): distance = metres
                    case .duration(let seconds):
                        distance = seconds * (PlanTimeline.speed(interval.target, profile: profile)
                                              + PlanTimeline.speed(end, profile: profile)) / 2
                    }
                    var isDistance = false
                    if case .distance = interval.length { isDistance = true }
                    segments.append(PlanSegment(
                        index: segments.count, name: interval.name, path: here, round: round, rounds: rounds,
                        start: time, duration: duration, targetStart: interval.target, targetEnd: end,
                        cadenceStart: PlanTimeline.cadence(interval.target, profile: profile),
                        cadenceEnd: PlanTimeline.cadence(end, profile: profile),
                        distance: distance, byDistance: isDistance))
                    time += duration
                case .repeat(let count, let inner):
                    for r in 1...max(1, count) {
                        add(inner, path: "\(here).repeat.steps", round: r, rounds: count)
                    }
                }
            }
        }
    }

    // MARK: Queries

    /// Index of the segment playing at `t` (clamped into the plan).
    public func segmentIndex(at t: Double) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// What the plan asks for `seconds` into the workout; nil before the start and from the end on.
    public func target(at seconds: Double) -> PlanTarget? {
        guard seconds >= 0, seconds < totalDuration, !segments.isEmpty else { return nil }
        let i = segmentIndex(at: seconds)
        let s = segments[i]
        let elapsed = seconds - s.start
        let f = s.duration > 0 ? elapsed / s.duration : 0
        let cadence = s.cadenceStart + f * (s.cadenceEnd - s.cadenceStart)
        let profile = activity.profile
        let pace: Double
        if case .pace(let p0) = s.targetStart, case .pace(let p1) = s.targetEnd {
            pace = p0 + f * (p1 - p0)
        } else {
            pace = 1000 / profile.speed(cadence: cadence)
        }
        return PlanTarget(segment: s, elapsedInSegment: elapsed, remainingInSegment: s.duration - elapsed,
                          cadence: cadence, effort: profile.effort(cadence: cadence), pace: pace)
    }

    /// Cadence at `t`, clamped into the plan (before the start: the first value; after the end: the last).
    public func cadence(at t: Double) -> Double {
        guard !segments.isEmpty else { return 0 }
        let i = segmentIndex(at: t)
        let f = min(1, max(0, (t - starts[i]) / max(ends[i] - starts[i], 1e-9)))
        return c0[i] + f * (c1[i] - c0[i])
    }

    /// ∫ cadence dt from 0 to `t` (t clamped into the plan).
    func integral(to t: Double) -> Double {
        guard !segments.isEmpty else { return 0 }
        let t = min(max(t, 0), totalDuration)
        let i = segmentIndex(at: t)
        let dt = t - starts[i]
        let len = ends[i] - starts[i]
        let slope = len > 0 ? (c1[i] - c0[i]) / len : 0
        return integralBefore[i] + dt * c0[i] + 0.5 * slope * dt * dt
    }

    /// Mean cadence over [from, to] ∩ plan; the cadence at `from` for an empty window.
    public func averageCadence(from: Double, to: Double) -> Double {
        let a = max(0, from), b = min(to, totalDuration)
        guard b > a + 1e-9 else { return cadence(at: from) }
        return (integral(to: b) - integral(to: a)) / (b - a)
    }

    /// ∫ |cadence − level| dt over [from, to] ∩ plan: how far a constant tempo misses the curve.
    func deviation(from: Double, to: Double, level p: Double) -> Double {
        let a = max(0, from), b = min(to, totalDuration)
        guard b > a else { return 0 }
        var i = segmentIndex(at: a)
        var sum = 0.0
        while i < starts.count, starts[i] < b {
            let s = max(a, starts[i]), e = min(b, ends[i])
            if e > s {
                let len = ends[i] - starts[i]
                let slope = len > 0 ? (c1[i] - c0[i]) / len : 0
                let va = c0[i] + slope * (s - starts[i]) - p
                let vb = c0[i] + slope * (e - starts[i]) - p
                let w = e - s
                if (va >= 0) == (vb >= 0) {
                    sum += w * abs(va + vb) / 2
                } else {
                    // The line crosses the level: two triangles.
                    let x = w * abs(va) / (abs(va) + abs(vb))
                    sum += (x * abs(va) + (w - x) * abs(vb)) / 2
                }
            }
            i += 1
        }
        return sum
    }

    /// The first step change in cadence at or after `t`: when, and how big.
    func nextStep(after t: Double) -> (time: Double, size: Double)? {
        var lo = 0, hi = stepTimes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if stepTimes[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        return lo < stepTimes.count ? (stepTimes[lo], stepSizes[lo]) : nil
    }

    /// Lowest and highest cadence over [from, to] ∩ plan.
    func cadenceRange(from: Double, to: Double) -> (low: Double, high: Double) {
        let a = max(0, from), b = max(a, min(to, totalDuration))
        var low = cadence(at: a), high = low
        var i = segmentIndex(at: a)
        while i < starts.count, starts[i] <= b {
            for t in [max(a, starts[i]), min(b, ends[i])] {
                let v = cadence(atSegment: i, t)
                low = min(low, v)
                high = max(high, v)
            }
            i += 1
        }
        return (low, high)
    }

    private func cadence(atSegment i: Int, _ t: Double) -> Double {
        let f = min(1, max(0, (t - starts[i]) / max(ends[i] - starts[i], 1e-9)))
        return c0[i] + f * (c1[i] - c0[i])
    }

    /// The intensity curve as a polyline: a point at each segment's start and end
    /// (ramps are straight lines, steps are vertical), for drawing.
    public var curve: [CurvePoint] {
        let profile = activity.profile
        var points: [CurvePoint] = []
        for s in segments {
            for (t, c) in [(s.start, s.cadenceStart), (s.end, s.cadenceEnd)] {
                let p = CurvePoint(seconds: t, cadence: c, effort: profile.effort(cadence: c))
                if points.last != p { points.append(p) }
            }
        }
        return points
    }
}
