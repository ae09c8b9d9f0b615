import Foundation

/// Reads Garmin Training Center Database v2 files.
///
/// Only the first `Activity` is read: a TCX with several activities holds several runs, and
/// merging them into one recording would be wrong (multi-sport sessions and courses are
/// skipped too). Within it every timed `Lap`/`Track`/`Trackpoint` becomes a sample in document
/// order; a `Track` after the first of its `Lap` starts a segment (Garmin ends the Track when the
/// timer stops and starts another when it runs again), while a new `Lap` goes on from the last
/// one (a lap is a split, not a stop). Trackpoints without `Position` are kept (treadmills, foot
/// pods) with their `DistanceMeters`. Lap totals are kept in `laps`. Unparseable optional values
/// count as absent; a Trackpoint without a `Time` is left out and counted; a broken `Position` or
/// a `Time` that is not a time is an error naming the line. `Notes` is the name (its first line).
public enum TCXReader {
    public static func read(_ data: Data) throws -> RecordedActivity {
        let handler = TCXHandler()
        try handler.run(data)
        return try handler.result()
    }
}
