/// Climb and descent from noisy elevations, counted with hysteresis.
///
/// GPS and barometer elevations wobble by a metre or two from one second to the next; adding
/// up every wobble turns a flat 10 km into "+150 m". So a change of direction only counts once
/// it exceeds `threshold` (3 m) from the last turning point: a climb is confirmed when the
/// elevation rises more than 3 m above the last low point, and from then on every new high adds
/// to the gain; it ends when the elevation falls more than 3 m below its highest point (and a
/// descent begins, counted the same way). Before the first confirmed move the reference is the
/// first elevation. A final wobble that never exceeds 3 m is not counted.
///
/// Gain is attributed to the sample where it is confirmed, so per-split figures add up to the total.
public struct ElevationHysteresis: Sendable {
    public static let defaultThreshold = 3.0

    public let threshold: Double
    public private(set) var gain = 0.0
    public private(set) var loss = 0.0
    private var anchor: Double?
    private var extreme = 0.0
    /// +1 climbing (confirmed), −1 descending (confirmed), 0 not yet known.
    private var direction = 0

    public init(threshold: Double = defaultThreshold) { self.threshold = threshold }

    /// Feeds the next elevation.
    public mutating func add(_ e: Double) {
        guard let a = anchor else { anchor = e; extreme = e; return }
        switch direction {
        case 0:
            if e - a > threshold { direction = 1; gain += e - a; extreme = e }
            else if a - e > threshold { direction = -1; loss += a - e; extreme = e }
        case 1:
            if e > extreme { gain += e - extreme; extreme = e }
            else if extreme - e > threshold { direction = -1; loss += extreme - e; anchor = extreme; extreme = e }
        default:
            if e < extreme { loss += extreme - e; extreme = e }
            else if e - extreme > threshold { direction = 1; gain += e - extreme; anchor = extreme; extreme = e }
        }
    }

    /// Gain and loss over a list of elevations.
    public static func measure(_ elevations: [Double], threshold: Double = defaultThreshold) -> (gain: Double, loss: Double) {
        var h = ElevationHysteresis(threshold: threshold)
        for e in elevations { h.add(e) }
        return (h.gain, h.loss)
    }
}
