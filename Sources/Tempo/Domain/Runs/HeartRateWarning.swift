import Foundation

/// "Heart rate high" on the wrist (issue 37): the runner's heart rate has stayed above the ceiling of the zone their
/// plan asks for, for more than 20 s. Only intervals set by zone have a ceiling; a cadence or pace target has none.
public struct HeartRateWarning: Equatable, Sendable {
    /// The newest reading, in beats per minute.
    public let heartRate: Int
    /// The zone the plan asks for now, and the top of its band.
    public let zone: Int
    public let ceiling: Int
    /// The newest reading's time (ms since 1970).
    public let at: Int64

    /// How long the heart rate must stay above the zone.
    public static let sustained: Int64 = 20_000
    /// At most one warning per run in this many seconds.
    public static let gap: TimeInterval = 60
    /// Readings further apart than this do not make one stretch (a strap that dropped out).
    static let longestGap: Int64 = 5_000
    /// Readings older than this when they reach the server (a watch syncing later) warn of nothing.
    public static let freshness: Int64 = 15_000

    /// The warning the newest readings call for, if any. `samples` in time order (the last half minute is enough).
    public static func check(_ samples: [RunSample], timeline: PlanTimeline, clock: RunClock, maximumHeartRate: Double, now: Int64)
        -> HeartRateWarning?
    {
        let readings = samples.filter { $0.heartRate?.isFinite == true }
        guard let newest = readings.last, now - newest.time <= freshness, !clock.isPaused(at: newest.time) else { return nil }
        var streakStart = newest.time
        var later = newest.time
        for sample in readings.reversed() {
            guard later - sample.time <= longestGap, let ceiling = ceiling(at: sample.time, timeline: timeline, clock: clock,
                                                                           maximum: maximumHeartRate),
                  let heartRate = sample.heartRate, heartRate > ceiling.high
            else { break }
            streakStart = sample.time
            later = sample.time
            if newest.time - streakStart >= sustained { break }
        }
        guard newest.time - streakStart >= sustained,
              let now = ceiling(at: newest.time, timeline: timeline, clock: clock, maximum: maximumHeartRate) else { return nil }
        return HeartRateWarning(heartRate: Int(newest.heartRate!.rounded()), zone: now.zone, ceiling: Int(now.high), at: newest.time)
    }

    /// The band of the zone the plan asks for at this instant (the higher one across a ramp between zones).
    static func ceiling(at time: Int64, timeline: PlanTimeline, clock: RunClock, maximum: Double) -> HeartRateBand? {
        guard let segment = timeline.target(at: clock.activeSeconds(at: time))?.segment else { return nil }
        let zones = [segment.targetStart, segment.targetEnd].compactMap { target -> Int? in
            if case .zone(let zone) = target { return zone }
            return nil
        }
        return zones.max().flatMap { HeartRateZones.band(zone: $0, maximum: maximum) }
    }
}
