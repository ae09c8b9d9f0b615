/// Where the live tempo's target came from.
public enum TempoSource: String, Sendable, Equatable, Codable {
    /// The runner's own cadence, measured within the last 5 s.
    case sensor
    /// The workout plan's cadence at this moment (sensor data missing or stale).
    case plan
    /// The last cadence followed, kept when the plan is open-ended (or over) and the sensors went quiet.
    case lastKnown
}

/// How the song's beat is counted against the movement (names as the planner's `BeatMatch`).
public enum LiveBeat: String, Sendable, Equatable, Codable {
    /// One beat per step.
    case direct
    /// One beat per two steps: an 85 BPM song for 170 steps/min.
    case halfTime
    /// Two beats per step or revolution: a 180 BPM song for 90 rpm on a bike.
    case doubleTime
}

/// The latest reading of the phone's or a strap's sensors.
public struct SensorReading: Sendable, Equatable, Codable {
    /// ms since 1970, when it was measured.
    public var time: Int64
    /// Steps per minute (or rpm).
    public var cadence: Double?
    public var heartRate: Double?
    public init(time: Int64, cadence: Double? = nil, heartRate: Double? = nil) {
        self.time = time; self.cadence = cadence; self.heartRate = heartRate
    }
}

/// What one step of the live tempo sees.
public struct LiveTempoInput: Sendable, Equatable, Codable {
    /// ms since 1970.
    public var now: Int64
    /// The plan's cadence now; nil when there is no plan or it has ended (open-ended).
    public var planCadence: Double?
    public var sensor: SensorReading?
    /// The playing song's BPM as recorded (the user's override when set).
    public var songBPM: Double
    /// The rate the playlist planned for this song; where a new song starts.
    public var plannedRate: Double
    /// Largest stretch either way, a fraction (0.08 = the rate stays in 0.92…1.08).
    public var stretchBudget: Double
    /// Largest rate change per step (an absolute rate difference: 0.02 = 2% of the song's tempo).
    public var stepCap: Double

    public init(now: Int64, planCadence: Double?, sensor: SensorReading?, songBPM: Double, plannedRate: Double,
                stretchBudget: Double = LiveTempo.defaultStretchBudget, stepCap: Double = LiveTempo.defaultStepCap) {
        self.now = now; self.planCadence = planCadence; self.sensor = sensor; self.songBPM = songBPM
        self.plannedRate = plannedRate; self.stretchBudget = stretchBudget; self.stepCap = stepCap
    }
}

/// What the live tempo carries from one step to the next.
public struct LiveTempoState: Sendable, Equatable, Codable {
    /// The playback rate now; nil when a song has just started (the step then starts from its planned rate).
    public var rate: Double?
    /// The last cadence followed (sensor or plan), kept for open-ended stretches without data.
    public var lastCadence: Double?
    public init(rate: Double? = nil, lastCadence: Double? = nil) { self.rate = rate; self.lastCadence = lastCadence }

    /// Call when the player moves to another song: its rate starts from the planned one.
    public mutating func songChanged() { rate = nil }
}

/// The result of one step.
public struct LiveTempoOutput: Sendable, Equatable, Codable {
    /// Playback rate to apply now.
    public var rate: Double
    /// The cadence the music aims for; nil when nothing is known yet (the song keeps its speed).
    public var targetCadence: Double?
    public var source: TempoSource
    /// How the song counts against `targetCadence`; nil with no target.
    public var beat: LiveBeat?
    /// One line for the live screen and logs.
    public var reason: String
}

/// The music's tempo during a run: a pure step, called about once a second.
///
/// Rules (the product's "Data Loss" seed: without fresh health or motion data the music keeps
/// to the workout's intervals, or to the last known pace when the workout is open-ended):
/// 1. Sensor data is fresh when the newest reading is at most 5 s old (`freshness`): long enough
///    for a Bluetooth strap's 1–2 s updates to skip a beat, short enough that a lost phone signal
///    is noticed within a few steps of the music.
/// 2. Fresh cadence (30…300) → follow it (`.sensor`). Heart rate never sets the tempo: it lags the
///    effort by 30–60 s and turning it into a step rate needs zones the live step does not have.
///    A reading with heart rate only is treated as "no cadence" (rule 3), and the reason says so.
/// 3. Otherwise the plan's cadence now (`.plan`); when there is no plan or it has ended, the last
///    cadence followed (`.lastKnown`); with nothing known at all the song keeps its current rate.
/// 4. Beat: whichever of 2:1, 1:1 and 1:2 is nearest on a ratio scale — half-time when the target
///    is at least √2 × the song's BPM, double time when it is at most the BPM ÷ √2 (cycling's
///    90 rpm to a 180 BPM song, as the planner chose it), else 1:1.
/// 5. The rate moves toward target ÷ (BPM × beat) by at most `stepCap` a step (no audible jumps
///    when the cadence jumps), and never leaves [1 − budget, 1 + budget].
///
/// The same rules run in the browser (`tempo-live-rules.js`); both are checked against
/// `live-tempo-cases.json`. Change all three together.
public enum LiveTempo {
    public static let freshness: Int64 = 5_000
    public static let defaultStretchBudget = 0.08
    public static let defaultStepCap = 0.02
    /// Cadences outside this are sensor noise (0 when standing), not something to play.
    public static let cadenceRange: ClosedRange<Double> = 30...300

    public static func step(_ state: LiveTempoState, _ input: LiveTempoInput) -> (state: LiveTempoState, output: LiveTempoOutput) {
        let budget = max(0, input.stretchBudget)
        let cap = max(0, input.stepCap)
        let low = 1 - budget, high = 1 + budget
        let current = clamp(state.rate ?? input.plannedRate, low, high)
        var next = state

        let fresh = input.sensor.map { input.now - $0.time <= freshness } ?? false
        let sensorCadence = fresh ? input.sensor?.cadence.flatMap { cadenceRange.contains($0) ? $0 : nil } : nil
        let heartRateOnly = fresh && sensorCadence == nil && input.sensor?.heartRate != nil

        let target: Double?
        let source: TempoSource
        let lead: String
        if let c = sensorCadence {
            target = c; source = .sensor; lead = "Following your cadence of \(whole(c))"
            next.lastCadence = c
        } else if let p = input.planCadence {
            target = p; source = .plan
            lead = (heartRateOnly ? "Heart rate alone does not set the tempo" : "No fresh cadence")
                + ": following the plan's \(whole(p))"
            next.lastCadence = p
        } else if let last = state.lastCadence {
            target = last; source = .lastKnown
            lead = (heartRateOnly ? "Heart rate alone does not set the tempo" : "No fresh cadence")
                + ", open-ended: keeping the last known \(whole(last))"
        } else {
            target = nil; source = .lastKnown; lead = "Nothing known yet: keeping the song's speed"
        }

        guard let target, input.songBPM > 0 else {
            next.rate = current
            return (next, LiveTempoOutput(rate: current, targetCadence: nil, source: source, beat: nil,
                                          reason: lead + " → song at \(percent(current))"))
        }
        let ratio = target / input.songBPM
        let beat: LiveBeat = ratio >= 2.0.squareRoot() ? .halfTime : ratio <= 1 / 2.0.squareRoot() ? .doubleTime : .direct
        let perBeat = beat == .halfTime ? 2.0 : beat == .doubleTime ? 0.5 : 1.0
        let wanted = target / (input.songBPM * perBeat)
        let desired = clamp(wanted, low, high)
        let rate = clamp(current + clamp(desired - current, -cap, cap), low, high)
        next.rate = rate

        var reason = lead + " → song at \(percent(rate))"
        if rate != desired { reason += ", heading for \(percent(desired))" }
        if wanted != desired { reason += " (stretch budget reached)" }
        return (next, LiveTempoOutput(rate: rate, targetCadence: target, source: source, beat: beat, reason: reason))
    }

    static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { min(hi, max(lo, x)) }

    /// Rounds half up, as the JavaScript port does (`Math.floor(x + 0.5)`), so reasons match exactly.
    static func whole(_ x: Double) -> Int { Int((x + 0.5).rounded(.down)) }

    /// A rate as a signed stretch: 1.04 → "+4%", 0.92 → "-8%", 1 → "+0%".
    static func percent(_ rate: Double) -> String {
        let p = whole((rate - 1) * 100)
        return p < 0 ? "\(p)%" : "+\(p)%"
    }
}
