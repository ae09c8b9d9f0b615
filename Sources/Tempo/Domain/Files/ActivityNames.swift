import Foundation

/// Maps the activity labels files use to `Activity`.
///
/// | source | value (case-insensitive; `-`, `_` and spaces ignored) | Activity |
/// |---|---|---|
/// | GPX `trk/type` | run, running, jogging, trailrunning, treadmillrunning, streetrunning, trackrunning, indoorrunning, virtualrun | running |
/// | GPX `trk/type` | walk, walking, hike, hiking, speedwalking, casualwalking, nordicwalking | walking |
/// | GPX `trk/type` | cycling, biking, bike, ride, roadbiking, mountainbiking, gravelcycling, cyclocross, indoorcycling, virtualride, ebikeride | cycling |
/// | GPX `trk/type`, Strava numeric codes | 9 = Run, 10 = Walk, 4 = Hike, 1 = Ride | running / walking / walking / cycling |
/// | GPX `trk/type`, anything else | contains "run" → running; "walk" or "hik" → walking; "bik", "cycl" or "ride" → cycling; else nil |
/// | TCX `Activity Sport` | Running → running, Biking → cycling, Other → nil |
///
/// Hiking maps to walking because Cadence's walking tables (cadence, pace) fit it; nil means
/// "unknown", which the cadence rule treats cautiously (see `CadenceConvention`).
public enum ActivityNames {
    private static let table: [String: Activity] = [
        "run": .running, "running": .running, "jogging": .running, "trailrunning": .running,
        "treadmillrunning": .running, "streetrunning": .running, "trackrunning": .running,
        "indoorrunning": .running, "virtualrun": .running,
        "walk": .walking, "walking": .walking, "hike": .walking, "hiking": .walking,
        "speedwalking": .walking, "casualwalking": .walking, "nordicwalking": .walking,
        "cycling": .cycling, "biking": .cycling, "bike": .cycling, "ride": .cycling,
        "roadbiking": .cycling, "mountainbiking": .cycling, "gravelcycling": .cycling,
        "cyclocross": .cycling, "indoorcycling": .cycling, "virtualride": .cycling, "ebikeride": .cycling,
        // Strava's numeric activity types in its GPX exports.
        "9": .running, "10": .walking, "4": .walking, "1": .cycling,
    ]

    /// GPX `trk/type` → Activity.
    public static func fromGPXType(_ raw: String) -> Activity? {
        let key = String(raw.lowercased().unicodeScalars.filter { !($0 == "_" || $0 == "-" || $0 == " " || $0 == "\t") })
        if key.isEmpty { return nil }
        if let a = table[key] { return a }
        if key.contains("run") { return .running }
        if key.contains("walk") || key.contains("hik") { return .walking }
        if key.contains("bik") || key.contains("cycl") || key.contains("ride") { return .cycling }
        return nil
    }

    /// TCX `Sport` attribute → Activity.
    public static func fromTCXSport(_ raw: String) -> Activity? {
        switch raw.trimmingCharacters(in: .whitespaces).lowercased() {
        case "running": .running
        case "biking": .cycling
        default: nil
        }
    }

    /// Activity → TCX `Sport` (the schema allows only Running, Biking, Other).
    public static func tcxSport(_ a: Activity?) -> String {
        switch a {
        case .running: "Running"
        case .cycling: "Biking"
        case .walking, nil: "Other"
        }
    }
}
