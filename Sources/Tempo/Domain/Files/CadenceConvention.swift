import Foundation

/// Cadence's cadence unit, and how file values are converted to and from it.
///
/// Cadence stores steps/min counting both feet (≈170 running) for running and walking, and
/// pedal rpm for cycling. Garmin's GPX `cad` and TCX `RunCadence` count one foot (≈85), so:
///
/// 1. By element — TCX `RunCadence` (ActivityExtension v2) is always one foot: doubled.
/// 2. By median — GPX `cad` (TrackPointExtension v1/v2), Cluetrust `gpxdata:cadence` and TCX
///    `Cadence` are ambiguous (rpm for bikes, strides or steps for runs depending on the app).
///    Their median over the file (zeros excluded: stops would drag it down) decides:
///    - running: median < 120 → one foot, doubled (nobody runs under 120 steps/min; per-foot running is 75–100);
///    - walking: median < 80 → one foot, doubled (walking is 95–130 steps/min, 50–65 per foot);
///    - cycling: never doubled (rpm);
///    - unknown activity: kept as recorded (85 could be rpm or strides) and reported as
///      `.ambiguousAsRecorded`; call `resolve(_:activity:)` once the activity is known.
///    The median is taken over the whole file, not per point, so a file never mixes conventions.
/// 3. Export writes what each format's readers expect: GPX `gpxtpx:cad` and TCX `RunCadence`
///    get steps/2 for running and walking; TCX `Cadence` gets rpm for cycling.
public enum CadenceConvention {
    public static let runningPerFootBelow = 120.0
    public static let walkingPerFootBelow = 80.0

    /// Median of the positive values, nil if there are none.
    public static func median(_ values: [Double]) -> Double? {
        let v = values.filter { $0 > 0 }.sorted()
        guard !v.isEmpty else { return nil }
        return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
    }

    /// Whether ambiguous values with this median count one foot; nil when it can't be told.
    public static func ambiguousIsPerFoot(median: Double, activity: Activity?) -> Bool? {
        switch activity {
        case .running: median < runningPerFootBelow
        case .walking: median < walkingPerFootBelow
        case .cycling: false
        case nil: nil
        }
    }

    /// For a file imported as `.ambiguousAsRecorded`: apply the median rule now that the
    /// activity is known. Returns the samples and whether they were doubled.
    public static func resolve(_ samples: [RunSample], activity: Activity) -> (samples: [RunSample], doubled: Bool) {
        guard let m = median(samples.compactMap(\.cadence)), ambiguousIsPerFoot(median: m, activity: activity) == true else {
            return (samples, false)
        }
        var out = samples
        for i in out.indices { if let c = out[i].cadence { out[i].cadence = c * 2 } }
        return (out, true)
    }

    /// The value to write into a per-foot field (GPX `cad`, TCX `RunCadence`).
    public static func perFootValue(_ cadence: Double, activity: Activity?) -> Double {
        switch activity {
        case .running, .walking: cadence / 2
        case .cycling, nil: cadence
        }
    }

    /// One cadence reading as a file gave it, before conversion.
    struct Reading {
        var sampleIndex: Int
        var value: Double
        /// True for elements that always count one foot (TCX `RunCadence`).
        var perFoot: Bool
    }

    /// Writes converted cadences into `samples` and says what was done.
    static func apply(_ readings: [Reading], to samples: inout [RunSample], activity: Activity?) -> CadenceInterpretation {
        guard !readings.isEmpty else { return .none }
        let ambiguous = readings.filter { !$0.perFoot }.map(\.value)
        let ambiguousPerFoot: Bool? = median(ambiguous).flatMap { ambiguousIsPerFoot(median: $0, activity: activity) }
        var doubled = false
        for r in readings {
            let double = r.perFoot || ambiguousPerFoot == true
            if double { doubled = true }
            samples[r.sampleIndex].cadence = double ? r.value * 2 : r.value
        }
        if doubled { return .doubledFromPerFoot }
        if !ambiguous.isEmpty && activity == nil { return .ambiguousAsRecorded }
        return .asRecorded
    }
}
