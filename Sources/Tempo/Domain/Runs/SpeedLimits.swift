/// The fastest a track may move, per activity: what `TrackCleaning` uses to find GPS jumps.
///
/// Limits sit well above record pace so that no real run loses a point:
/// running 12.5 m/s (45 km/h, above a 100 m sprint world record's ~12.4 m/s peak),
/// walking 4 m/s (14.4 km/h, faster than race walking), cycling 30 m/s (108 km/h, a steep descent).
/// When the activity is unknown (a file that names none: a drive, a train, a flight) only what no
/// GPS receiver can record is a glitch: 515 m/s, the export-control ("CoCom") limit of 1,000 knots
/// above which civilian receivers stop giving fixes.
public enum SpeedLimits {
    public static let anyReceiver = 515.0

    public static func maximumSpeed(for activity: Activity?) -> Double {
        switch activity {
        case .running: 12.5
        case .walking: 4
        case .cycling: 30
        case nil: anyReceiver
        }
    }

    /// Metres of GPS noise always allowed between two points, however close in time:
    /// consumer GPS wanders 5–10 m, and two fixes 1 s apart may each be off in opposite directions.
    public static let gpsNoiseTolerance = 25.0

    /// Largest distance accepted between two positions `seconds` apart: limit × seconds + tolerance.
    public static func allowedDistance(seconds: Double, activity: Activity?) -> Double {
        maximumSpeed(for: activity) * max(0, seconds) + gpsNoiseTolerance
    }
}
