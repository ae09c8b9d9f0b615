import Geo

/// The numbers of a finished run, from its samples.
///
/// Pass samples through `TrackCleaning` first: this sorts them when needed but trusts the readings.
///
/// Decisions:
/// - **Segments.** Every pair of consecutive samples is a segment; its readings are the mean of
///   its two ends' (where only one end has a reading, that one). Heart rate and cadence averages
///   are time-weighted over moving segments, so a 5 s gap in a 1 Hz file does not count as one sample;
///   a track with readings but no moving time falls back to the plain sample mean.
/// - **Moving time** = elapsed time minus (a) the parts of segments inside `pausedIntervals`
///   (the runner pressed pause; closed ranges of ms) and (b) *stops*: segments longer than 10 s
///   in which the runner covered less than 0.5 m/s (a watch that stops logging while standing
///   writes exactly such gaps). Segments of 10 s or less always count: at 1 Hz, GPS jitter makes
///   standing look like slow movement, and a short wait at a crossing is part of a run anyway.
///   Without any distance data, gaps count as moving (nothing tells a stop from a run).
/// - **Distance** is summed between consecutive positions in 3-D: sqrt(d² + Δh²) with d the
///   haversine distance (`Geo`) and Δh the elevation change when both ends have one. A sample
///   without position adds nothing; the next position measures from the last one. Without any
///   position, the device's `distance` field is used (relative to its first value, never going back).
///   The part of a segment inside a pause does not count (distance scaled by the unpaused share).
/// - **Splits** are per full km of distance, in moving time (none without moving time: a file
///   whose clock stood still has a distance but no pace); the moment a km boundary is crossed is
///   interpolated linearly inside the segment that crosses it (as are the split's heart rate
///   weight and elevation). The remainder after the last full km is a partial split.
/// - **Elevation** gain and loss use 3 m hysteresis (`ElevationHysteresis`).
/// - **Calories** are summed per moving segment (`Calories`), grade = Δh / horizontal distance.
/// - **Series** for charts are downsampled to at most `seriesPoints` points (`Downsample`).
public enum RunStats {
    public static let defaultSeriesPoints = 600
    /// A segment longer than this (s) with less than `stopSpeed` is a stop, not moving time.
    public static let stopGap = 10.0
    /// m/s; below this over a long gap the runner was standing.
    public static let stopSpeed = 0.5
    /// Seconds of distance behind each point of the pace chart: 1 Hz GPS is too jittery for pace point by point.
    public static let paceWindow = 10.0

    public static func compute(samples input: [RunSample], activity: Activity?, profile: RunnerProfile = RunnerProfile(),
                               pausedIntervals: [ClosedRange<Int64>] = [], seriesPoints: Int = defaultSeriesPoints) -> RunSummary {
        var summary = RunSummary()
        summary.bestEfforts = []
        guard !input.isEmpty else {
            summary.calories = CalorieEstimate(kilocalories: 0, method: defaultMethod(activity),
                                               methodText: Calories.methodText(defaultMethod(activity), profile: profile, fallbackMinutes: 0),
                                               weightAssumed: profile.knownWeight == nil)
            return summary
        }
        var samples = input
        if zip(input, input.dropFirst()).contains(where: { $0.time > $1.time }) {
            samples = input.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        // A run stored before file elevations were range-checked may hold one no place on Earth has (1e12 m):
        // it is no reading, and its 3-D distance would cut a split per kilometre climbed.
        if samples.contains(where: { $0.elevation != nil && RunSampleRules.plausible(elevation: $0.elevation) == nil }) {
            samples = samples.map { sample in
                var kept = sample
                kept.elevation = RunSampleRules.plausible(elevation: sample.elevation)
                return kept
            }
        }
        let t0 = samples[0].time
        let n = samples.count
        let t = samples.map { Double($0.time - t0) / 1000 }
        let pauses = PauseList(pausedIntervals, origin: t0)
        let hasPositions = samples.contains { $0.latitude != nil && $0.longitude != nil }
        let hasDeviceDistance = !hasPositions && samples.contains { $0.distance != nil }
        summary.distanceSource = hasPositions ? .positions : (hasDeviceDistance ? .device : .none)

        // Cumulative figures at each sample, for splits: distance, moving time, heart-rate weight, climb.
        var cumDistance = [Double](repeating: 0, count: n)
        var cumMoving = [Double](repeating: 0, count: n)
        var cumHRWeighted = [Double](repeating: 0, count: n)
        var cumHRTime = [Double](repeating: 0, count: n)
        var cumGain = [Double](repeating: 0, count: n)
        var cumLoss = [Double](repeating: 0, count: n)

        var lastPos: (lat: Double, lon: Double, ele: Double?)? = nil
        let first = samples[0]
        if let lat = first.latitude, let lon = first.longitude { lastPos = (lat, lon, first.elevation) }
        let deviceStart = samples.first(where: { $0.distance != nil })?.distance ?? 0
        var deviceLast = 0.0
        var hysteresis = ElevationHysteresis()
        if let e = samples[0].elevation { hysteresis.add(e) }

        var cadSum = 0.0, cadTime = 0.0
        var kcal = 0.0
        var methodMinutes: [CalorieMethod: Double] = [:]
        var pauseCursor = 0

        for i in 1..<n {
            let a = samples[i - 1], b = samples[i]
            let dt = t[i] - t[i - 1]
            let paused = pauses.overlap(from: t[i - 1], to: t[i], cursor: &pauseCursor)
            let unpaused = dt > 0 ? (dt - paused) / dt : 1

            // Distance of the segment: 3-D for stats, horizontal and rise for the grade.
            var along = 0.0, horizontal = 0.0, rise: Double? = nil
            if hasPositions {
                if let lat = b.latitude, let lon = b.longitude {
                    if let p = lastPos {
                        horizontal = Geo.haversine(lat1: p.lat, lon1: p.lon, lat2: lat, lon2: lon)
                        if let e0 = p.ele, let e1 = b.elevation { rise = e1 - e0 }
                        along = (horizontal * horizontal + (rise ?? 0) * (rise ?? 0)).squareRoot()
                    }
                    lastPos = (lat, lon, b.elevation)
                }
            } else if hasDeviceDistance {
                if let d = b.distance {
                    let relative = max(deviceLast, d - deviceStart)
                    along = relative - deviceLast
                    deviceLast = relative
                }
                horizontal = along
                if let e0 = a.elevation, let e1 = b.elevation { rise = e1 - e0 }
            }

            var moving = dt - paused
            if summary.distanceSource != .none, dt > stopGap, along < stopSpeed * dt { moving = 0 }
            cumDistance[i] = cumDistance[i - 1] + along * unpaused
            cumMoving[i] = cumMoving[i - 1] + moving

            let hr = mean(a.heartRate, b.heartRate)
            cumHRWeighted[i] = cumHRWeighted[i - 1]
            cumHRTime[i] = cumHRTime[i - 1]
            if let hr, moving > 0 {
                cumHRWeighted[i] += hr * moving
                cumHRTime[i] += moving
            }
            if let c = mean(a.cadence, b.cadence), moving > 0 { cadSum += c * moving; cadTime += moving }

            if let e = b.elevation { hysteresis.add(e) }
            cumGain[i] = hysteresis.gain
            cumLoss[i] = hysteresis.loss

            if moving > 0 {
                let grade = Calories.grade(rise: rise ?? 0, run: horizontal)
                let speed = dt > 0 ? horizontal / dt * 60 : 0
                let part = Calories.kilocalories(minutes: moving / 60, metresPerMinute: speed, grade: grade,
                                                 heartRate: hr, activity: activity, profile: profile)
                kcal += part.kcal
                methodMinutes[part.method, default: 0] += moving / 60
            }
        }

        summary.startTime = t0
        summary.elapsedSeconds = t[n - 1]
        summary.movingSeconds = cumMoving[n - 1]
        summary.distance = cumDistance[n - 1]
        if summary.distance > 0, summary.movingSeconds > 0 {
            summary.averageSpeed = summary.distance / summary.movingSeconds
            summary.averagePace = summary.movingSeconds / summary.distance * 1000
        }
        summary.elevationGain = hysteresis.gain
        summary.elevationLoss = hysteresis.loss

        let heartRates = samples.compactMap(\.heartRate)
        summary.maxHeartRate = heartRates.max()
        if cumHRTime[n - 1] > 0 {
            summary.averageHeartRate = cumHRWeighted[n - 1] / cumHRTime[n - 1]
        } else if !heartRates.isEmpty {
            summary.averageHeartRate = heartRates.reduce(0, +) / Double(heartRates.count)
        }
        let cadences = samples.compactMap(\.cadence)
        if cadTime > 0 { summary.averageCadence = cadSum / cadTime }
        else if !cadences.isEmpty { summary.averageCadence = cadences.reduce(0, +) / Double(cadences.count) }

        // With the activity unknown, minutes without heart rate are not estimated at all: any heart
        // rate is then the whole estimate.
        let method = activity == nil && methodMinutes[.heartRate] != nil ? .heartRate
            : methodMinutes.max { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }?.key ?? defaultMethod(activity)
        let fallback = method == .heartRate ? methodMinutes.filter { $0.key != .heartRate }.values.reduce(0, +) : 0
        summary.calories = CalorieEstimate(kilocalories: kcal, method: method,
                                           methodText: Calories.methodText(method, profile: profile, fallbackMinutes: fallback,
                                                                           activityKnown: activity != nil),
                                           minutesWithoutHeartRate: method == .heartRate && fallback >= 0.5 ? fallback : nil,
                                           weightAssumed: profile.knownWeight == nil)

        func splits(every length: Double) -> [Split] {
            summary.movingSeconds <= 0 ? [] : SplitBuilder.splits(
                distance: cumDistance, moving: cumMoving, hrWeighted: cumHRWeighted, hrTime: cumHRTime, gain: cumGain, loss: cumLoss,
                length: length)
        }
        summary.splits = splits(every: SplitBuilder.kilometre)
        summary.mileSplits = splits(every: SplitBuilder.mile)
        summary.series = SeriesBuilder.series(samples: samples, seconds: t, distance: cumDistance, limit: seriesPoints)
        summary.bestEfforts = summary.movingSeconds <= 0 ? [] : BestEffort.efforts(distance: cumDistance, moving: cumMoving)
        return summary
    }

    static func defaultMethod(_ activity: Activity?) -> CalorieMethod {
        switch activity {
        case .running: .acsmRunning
        case .walking: .acsmWalking
        case .cycling: .cyclingMET
        case nil: .none
        }
    }

    /// Mean of the readings present; nil when neither is.
    @inline(__always)
    static func mean(_ a: Double?, _ b: Double?) -> Double? {
        switch (a, b) {
        case let (x?, y?): (x + y) / 2
        case let (x?, nil): x
        case let (nil, y?): y
        default: nil
        }
    }
}
