import Foundation

/// Reads GPX 1.1 and 1.0 tracks.
///
/// Every timed `trkpt` of every `trk`/`trkseg` becomes one sample, in document order, and every
/// `trkseg` starts a segment (`RecordedActivity.segmentStarts`). Heart rate and
/// cadence come from Garmin TrackPointExtension v1/v2 (`hr`, `cad`) or Cluetrust gpxdata
/// (`hr`, `cadence`); other extensions are skipped. TrackPointExtension v2 `speed`/`course`
/// have no place in `RunSample` and are ignored. Unparseable optional values (ele, hr, cad)
/// count as absent. A `trkpt` without a `time` is left out and counted (a sample is a moment;
/// the rest of the file is still a run); a missing or non-numeric `lat`/`lon`, or a `time` that
/// is not a time, is an error naming the line, because the file is broken rather than incomplete.
public enum GPXReader {
    public static func read(_ data: Data) throws -> RecordedActivity {
        let handler = GPXHandler()
        try handler.run(data)
        return try handler.result()
    }
}
