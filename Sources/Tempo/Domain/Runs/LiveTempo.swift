

/// The music's tempo during a run: a pure step, called about once a second.
///
/// Rules (the product's "Data Loss" seed: without fresh health or motion data the music keeps
/// to the workout's intervals, or to the last known pace when the workout is open-ended):
/// 1. Sensor data is fresh when the newest reading is at most 5 s old (`freshness`): long enough
///    for a Bluetooth strap's 1–2 s updates to skip a beat, short enough that a lost phone signal
///    is noticed within a few steps of the music.
/// 2. Fresh cadence (30…300) → follow it (`.sensor`). Heart rate alone never sets the tempo (it is no step
///    rate); it only steers the target within a zone (rule 5). A reading with heart rate only is treated as
///    "no cadence" (rule 3), and the reason says so.
/// 3. Otherwise the plan's cadence now (`.plan`); when there is no plan or it has ended, the last
///    cadence followed (`.lastKnown`); with nothing known at all the song keeps its current rate.
/// 4. Beat: whichever of 2:1, 1:1 and 1:2 is nearest on a ratio scale — half-time when the target
///    is at least √2 × the song's BPM, double time when it is at most the BPM ÷ √2 (cycling's
///    90 rpm to a 180 BPM song, as the planner chose it), else 1:1.
/// 5. Heart rate steers (D-Jogger's finding: runners entrain to the music's tempo) when the interval's target is a
///    heart-rate zone and a fresh heart rate (25…250) is read: above the zone the target cadence eases down by
///    `easeStep` (0.25 %) a step, below it eases up, inside it the ease returns toward none by the same step, at
///    most `maxEase` (5 %) either way; without a zone or a fresh heart rate it returns toward none too. Slow on
///    purpose: heart rate lags the effort by 30–60 s, so 20 s to the full ease.
/// 6. The rate moves toward target ÷ (BPM × beat) by at most `stepCap` a step (no audible jumps
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
    public static let heartRateRange: ClosedRange<Double> = 25...250
    public static let easeStep = 0.0025
    public static let maxEase = 0.05

    public static func step(_ state: LiveTempoState, _ input: LiveTempoInput) -> (state: LiveTempoState, output: LiveTempoOutput) {
        let budget = max(0, input.stretchBudget)
        let cap = max(0, input.stepCap)
        let low = 1 - budget, high = 1 + budget
        let current = clamp(state.rate ?? input.plannedRate, low, high)
        var next = state

        let fresh = input.sensor.map { input.now - $0.time <= freshness } ?? false
        let sensorCadence = fresh ? input.sensor?.cadence.flatMap { cadenceRange.contains($0) ? $0 : nil } : nil
        let heartRateOnly = fresh && sensorCadence == nil && input.sensor?.heartRate != nil

        let baseTarget: Double?
        let source: TempoSource
        let lead: String
        if let c = sensorCadence {
            baseTarget = c; source = .sensor; lead = "Following your cadence of \(whole(c))"
            next.lastCadence = c
        } else if let p = input.planCadence {
            baseTarget = p; source = .plan
            lead = (heartRateOnly ? "Heart rate alone does not set the tempo" : "No fresh cadence")
                + ": following the plan's \(whole(p))"
            next.lastCadence = p
        } else if let last = state.lastCadence {
            baseTarget = last; source = .lastKnown
            lead = (heartRateOnly ? "Heart rate alone does not set the tempo" : "No fresh cadence")
                + ", open-ended: keeping the last known \(whole(last))"
        } else {
            baseTarget = nil; source = .lastKnown; lead = "Nothing known yet: keeping the song's speed"
        }

        let steer = steering(state.heartRateEase, input, fresh: fresh)
        next.heartRateEase = steer.ease
        let target = baseTarget.map { $0 * (1 + steer.ease) }
        let said = lead + steer.text
        guard let target, input.songBPM > 0 else {
            next.rate = current
            return (next, LiveTempoOutput(rate: current, targetCadence: nil, source: source, beat: nil,
                                          reason: said + " → song at \(percent(current))"))
        }
        let ratio = target / input.songBPM
        let beat: LiveBeat = ratio >= 2.0.squareRoot() ? .halfTime : ratio <= 1 / 2.0.squareRoot() ? .doubleTime : .direct
        let perBeat = beat == .halfTime ? 2.0 : beat == .doubleTime ? 0.5 : 1.0
        let wanted = target / (input.songBPM * perBeat)
        let desired = clamp(wanted, low, high)
        let rate = clamp(current + clamp(desired - current, -cap, cap), low, high)
        next.rate = rate

        var reason = said + " → song at \(percent(rate))"
        if rate != desired { reason += ", heading for \(percent(desired))" }
        if wanted != desired { reason += " (stretch budget reached)" }
        return (next, LiveTempoOutput(rate: rate, targetCadence: target, source: source, beat: beat, reason: reason))
    }

    /// Rule 5: the ease after this step, and what to say about it (empty when heart rate steers nothing).
    static func steering(_ ease: Double, _ input: LiveTempoInput, fresh: Bool) -> (ease: Double, text: String) {
        let heartRate = fresh ? input.sensor?.heartRate.flatMap { heartRateRange.contains($0) ? $0 : nil } : nil
        guard let heartRate, let zone = input.heartRateZone else {
            return (towardNone(ease), "")
        }
        let bounds = "zone \(zone.zone) (\(whole(zone.low))–\(whole(zone.high)))"
        if heartRate > zone.high {
            let eased = max(-maxEase, ease - easeStep)
            return (eased, ", heart rate \(whole(heartRate)) above \(bounds): easing down \(tenths(-eased * 100))%")
        }
        if heartRate < zone.low {
            let eased = min(maxEase, ease + easeStep)
            return (eased, ", heart rate \(whole(heartRate)) below \(bounds): easing up \(tenths(eased * 100))%")
        }
        let eased = towardNone(ease)
        return (eased, ", heart rate \(whole(heartRate)) in zone \(zone.zone)" + (eased == 0 ? "" : ": easing back"))
    }

    /// One decimal, written the same in Swift and JavaScript: 2.5 → "2.5", 3 → "3.0".
    static func tenths(_ x: Double) -> String {
        let t = whole(x * 10)
        return "\(t / 10).\(t % 10)"
    }

    static func towardNone(_ ease: Double) -> Double {
        ease > 0 ? max(0, ease - easeStep) : min(0, ease + easeStep)
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
