

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
