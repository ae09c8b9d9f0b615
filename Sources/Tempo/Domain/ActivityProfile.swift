import Foundation

/// How targets of one activity turn into numbers.
///
/// Zone table (zone 1…5 → cadence, assumed pace):
///
/// | zone | running spm | running pace | walking spm | walking pace | cycling rpm | cycling speed |
/// |---|---|---|---|---|---|---|
/// | 1 | 150 | 7:00 /km | 100 | 12:00 /km |  70 | 18 km/h |
/// | 2 | 160 | 6:15 /km | 108 | 11:00 /km |  80 | 22 km/h |
/// | 3 | 168 | 5:30 /km | 115 | 10:00 /km |  90 | 26 km/h |
/// | 4 | 176 | 4:50 /km | 122 |  9:05 /km | 100 | 30 km/h |
/// | 5 | 185 | 4:15 /km | 130 |  8:20 /km | 110 | 34 km/h |
///
/// Stride model: cadence and speed are linked through this table, piecewise linearly in
/// speed (m/s), extended linearly beyond zone 1 and zone 5 and clamped to the activity's
/// cadence limits. For running that means a step of about 0.95 m at 7:00 /km growing to
/// about 1.27 m at 4:15 /km — step length grows with speed, as it does for most runners.
/// A pace target therefore becomes a cadence (for the music), and any target becomes a
/// speed (to turn distance intervals into durations).
public struct ActivityProfile: Sendable, Equatable {
    public let activity: Activity
    /// Cadence (steps/min, or rpm) at zones 1…5.
    public let zoneCadence: [Double]
    /// Assumed speed (m/s) at zones 1…5.
    public let zoneSpeed: [Double]
    /// Accepted cadence targets.
    public let cadenceRange: ClosedRange<Double>
    /// Accepted pace targets, seconds per km.
    public let paceRange: ClosedRange<Double>

    public static let running = ActivityProfile(
        activity: .running, zoneCadence: [150, 160, 168, 176, 185],
        zoneSpeed: [420, 375, 330, 290, 255].map { 1000 / $0 },
        cadenceRange: 100...230, paceRange: 120...900)
    public static let walking = ActivityProfile(
        activity: .walking, zoneCadence: [100, 108, 115, 122, 130],
        zoneSpeed: [720, 660, 600, 545, 500].map { 1000 / $0 },
        cadenceRange: 60...160, paceRange: 300...1800)
    public static let cycling = ActivityProfile(
        activity: .cycling, zoneCadence: [70, 80, 90, 100, 110],
        zoneSpeed: [18, 22, 26, 30, 34].map { $0 / 3.6 },
        cadenceRange: 40...140, paceRange: 60...600)

    /// Cadence for a (possibly fractional) zone, e.g. 2.5 halfway through a zone 2 → 3 ramp.
    public func cadence(zone: Double) -> Double {
        clampCadence(Self.interpolate(zone, xs: [1, 2, 3, 4, 5], ys: zoneCadence))
    }

    /// Cadence at a speed (m/s): the stride model.
    public func cadence(speed: Double) -> Double {
        clampCadence(Self.interpolate(speed, xs: zoneSpeed, ys: zoneCadence))
    }

    /// Speed (m/s) at a cadence: the stride model read the other way; never below 0.5 m/s.
    public func speed(cadence: Double) -> Double {
        max(0.5, Self.interpolate(cadence, xs: zoneCadence, ys: zoneSpeed))
    }

    /// Speed (m/s) for a (possibly fractional) zone.
    public func speed(zone: Double) -> Double {
        max(0.5, Self.interpolate(zone, xs: [1, 2, 3, 4, 5], ys: zoneSpeed))
    }

    /// Effort as a continuous zone (1…5) for a cadence, for drawing and for the live run.
    public func effort(cadence: Double) -> Double {
        min(5, max(1, Self.interpolate(cadence, xs: zoneCadence, ys: [1, 2, 3, 4, 5])))
    }

    private func clampCadence(_ value: Double) -> Double {
        min(cadenceRange.upperBound, max(cadenceRange.lowerBound, value))
    }

    /// Piecewise-linear through (xs, ys), xs increasing, extended linearly past both ends.
    static func interpolate(_ x: Double, xs: [Double], ys: [Double]) -> Double {
        let last = xs.count - 1
        var i = 0
        if x <= xs[0] { i = 0 } else if x >= xs[last] { i = last - 1 } else {
            while i < last - 1, x > xs[i + 1] { i += 1 }
        }
        let f = (x - xs[i]) / (xs[i + 1] - xs[i])
        return ys[i] + f * (ys[i + 1] - ys[i])
    }
}
