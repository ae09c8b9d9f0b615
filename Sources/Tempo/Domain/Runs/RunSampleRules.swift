import CadenceCore
import Foundation

/// What a device may send as samples of a run. Values a sensor cannot produce are refused
/// with the field named; values that are merely implausible (a GPS jump) are kept and left to
/// the stats, which filter them and say so (`TrackCleaning`).
public enum RunSampleRules {
    /// Samples per request or live message: a minute-long offline gap at 1 Hz is 60, an hour 3,600.
    public static let maximumBatch = 5_000
    /// Elevations on Earth a run can have, in metres (the Dead Sea shore to above Everest's base camps).
    public static let plausibleElevation: ClosedRange<Double> = -500...9000

    /// `elevation` if it is one a run can have, else nil: a file's or a stored run's 1e12 m is no reading, and
    /// counting it would make a split of every kilometre climbed.
    public static func plausible(elevation: Double?) -> Double? {
        guard let elevation, plausibleElevation.contains(elevation) else { return nil }
        return elevation
    }
    /// A sample may be stamped a little ahead of the server's clock (device clocks drift), not more.
    public static let maximumFutureSkew: Int64 = 10 * 60 * 1000
    /// Runs before 2000 are not plausible recordings of this product.
    public static let earliest: Int64 = 946_684_800_000

    public static func validate(_ samples: [RunSample], now: Int64, field: String = "samples") throws(ValidationError) {
        guard samples.count <= maximumBatch else {
            throw ValidationError(field: field, "Send at most \(maximumBatch) samples at a time (this batch has \(samples.count)).",
                                  key: "tempo.runs.error.samples_batch", ["max": String(maximumBatch), "count": String(samples.count)])
        }
        for (index, sample) in samples.enumerated() {
            let name = "\(field)[\(index)]"
            guard sample.time >= earliest, sample.time <= now + maximumFutureSkew else {
                throw ValidationError(field: "\(name).t", "A sample's time is milliseconds since 1970, after 2000 and not ahead of now.",
                                      key: "tempo.runs.error.sample_time")
            }
            try check(sample.latitude, -90...90, "\(name).lat", "latitude in degrees", key: "lat")
            try check(sample.longitude, -180...180, "\(name).lon", "longitude in degrees", key: "lon")
            guard (sample.latitude == nil) == (sample.longitude == nil) else {
                throw ValidationError(field: "\(name).\(sample.latitude == nil ? "lat" : "lon")", "A position needs both lat and lon.",
                                      key: "tempo.runs.error.sample_position")
            }
            try check(sample.elevation, plausibleElevation, "\(name).ele", "elevation in metres", key: "ele")
            try check(sample.heartRate, 0...300, "\(name).hr", "heart rate in beats per minute", key: "hr")
            try check(sample.cadence, 0...400, "\(name).cadence", "cadence in steps (or revolutions) per minute", key: "cadence")
            try check(sample.tempo, 0...400, "\(name).tempo", "the music's tempo in BPM", key: "tempo")
            try check(sample.distance, 0...1_000_000, "\(name).distance", "metres from the start", key: "distance")
        }
    }

    /// `key` names the value's message in the catalogue (`tempo.runs.error.sample_range.<key>`), which says the same
    /// as `meaning` with the field and bounds as its `{field}`, `{min}` and `{max}`.
    private static func check(_ value: Double?, _ range: ClosedRange<Double>, _ field: String, _ meaning: String,
                              key: String) throws(ValidationError) {
        guard let value else { return }
        guard value.isFinite, range.contains(value) else {
            let (low, high) = (Int(range.lowerBound), Int(range.upperBound))
            throw ValidationError(field: field, "\(field) is \(meaning), between \(low) and \(high).",
                                  key: "tempo.runs.error.sample_range.\(key)", ["field": field, "min": String(low), "max": String(high)])
        }
    }
}
