import Geo

/// How a run went against its plan, interval by interval, and how long the heart spent in each zone.
///
/// The plan's clock is the run's active time (paused time does not count, as on the live page). Each stretch between
/// two samples belongs to the interval its middle falls in; its distance is the haversine between the two positions
/// (else the difference of the device's distances), its heart rate and cadence the mean of its two ends. Time in zone
/// counts the stretches whose heart rate lies in the band of the interval's target zone (a ramp's zone at that moment).
public enum IntervalBreakdown {
    public struct Interval: Sendable, Equatable, Codable {
        public let index: Int
        public let name: String
        /// Planned: where it starts on the active clock, how long, the cadence and pace it asks for.
        public let start: Double
        public let duration: Double
        public let plannedCadence: Double
        public let plannedPace: Double?
        /// Measured: active seconds with samples, metres, pace (s/km), cadence and heart rate (time-weighted).
        public let seconds: Double
        public let distance: Double
        public let pace: Double?
        public let cadence: Double?
        public let heartRate: Double?
        /// The zone it targets, and the seconds the heart rate spent in that zone's band (nil without a zone target or
        /// without zones or heart rate).
        public let zone: Int?
        public let secondsInZone: Double?
    }

    /// Seconds of heart rate in each zone over the whole run, all five listed.
    public struct ZoneTime: Sendable, Equatable, Codable {
        public struct Zone: Sendable, Equatable, Codable {
            public let zone: Int
            public let low: Double
            public let high: Double
            public let seconds: Double
        }
        public let maximum: Double
        public let zones: [Zone]
    }

    public static func compute(samples: [RunSample], startedAt: Int64, pauses: [ClosedRange<Int64>], segments: [PlanSegment],
                               heartRateMaximum: Double?) -> (intervals: [Interval], zones: ZoneTime?) {
        let paused = PauseList(pauses, origin: startedAt)
        var time = [Double](repeating: 0, count: segments.count), distance = time, hrTime = time, hrSum = time
        var cadTime = time, cadSum = time, inZone = time
        var zoneSeconds: [Int: Double] = [:]
        let active = samples.map { paused.activeSeconds(at: Double($0.time - startedAt) / 1000) }
        for i in samples.indices.dropFirst() {
            let a = samples[i - 1], b = samples[i]
            let dt = active[i] - active[i - 1]
            guard dt > 0 else { continue }
            let middle = (active[i] + active[i - 1]) / 2
            let heartRate = RunStats.mean(a.heartRate, b.heartRate), cadence = RunStats.mean(a.cadence, b.cadence)
            if let heartRate, let maximum = heartRateMaximum {
                zoneSeconds[HeartRateZones.zone(of: heartRate, maximum: maximum), default: 0] += dt
            }
            guard let k = segments.firstIndex(where: { middle >= $0.start && middle < $0.end }) else { continue }
            time[k] += dt
            if let la = a.latitude, let oa = a.longitude, let lb = b.latitude, let ob = b.longitude {
                distance[k] += Geo.haversine(lat1: la, lon1: oa, lat2: lb, lon2: ob)
            } else if let da = a.distance, let db = b.distance, db >= da {
                distance[k] += db - da
            }
            if let heartRate {
                hrTime[k] += dt; hrSum[k] += heartRate * dt
                if let maximum = heartRateMaximum, let zone = zoneTarget(segments[k], at: middle),
                   let band = HeartRateZones.band(zone: zone, maximum: maximum), heartRate >= band.low, heartRate <= band.high {
                    inZone[k] += dt
                }
            }
            if let cadence { cadTime[k] += dt; cadSum[k] += cadence * dt }
        }
        let intervals = segments.enumerated().map { k, segment in
            let zone = zoneTarget(segment, at: segment.start)
            return Interval(
                index: k, name: segment.label, start: segment.start, duration: segment.duration,
                plannedCadence: (segment.cadenceStart + segment.cadenceEnd) / 2,
                plannedPace: segment.distance > 0 ? segment.duration / segment.distance * 1000 : nil,
                seconds: time[k], distance: distance[k],
                pace: distance[k] > 0 ? time[k] / distance[k] * 1000 : nil,
                cadence: cadTime[k] > 0 ? cadSum[k] / cadTime[k] : nil,
                heartRate: hrTime[k] > 0 ? hrSum[k] / hrTime[k] : nil,
                zone: zone, secondsInZone: zone != nil && heartRateMaximum != nil && hrTime[k] > 0 ? inZone[k] : nil)
        }
        let zones = heartRateMaximum.flatMap { maximum in
            zoneSeconds.isEmpty ? nil : ZoneTime(maximum: maximum, zones: HeartRateZones.bands(maximum: maximum).map {
                ZoneTime.Zone(zone: $0.zone, low: $0.low, high: $0.high, seconds: zoneSeconds[$0.zone] ?? 0)
            })
        }
        return (intervals, zones)
    }

    /// The zone an interval targets at a moment of the active clock (a ramp from zone 2 to 4 passes through 3).
    static func zoneTarget(_ segment: PlanSegment, at seconds: Double) -> Int? {
        guard case .zone(let from) = segment.targetStart else { return nil }
        let to: Int
        if case .zone(let end) = segment.targetEnd { to = end } else { to = from }
        let fraction = segment.duration > 0 ? min(1, max(0, (seconds - segment.start) / segment.duration)) : 0
        return Int((Double(from) + Double(to - from) * fraction).rounded())
    }
}
