import Foundation

/// Writes a run as GPX 1.1 with Garmin TrackPointExtension v1 (`hr`, `cad`), the dialect
/// Strava, Garmin Connect and most apps read.
///
/// Samples without a position cannot be `trkpt`s: they are skipped and counted in
/// `skippedWithoutPosition` (a run that is mostly GPS with a tunnel gap still exports; the
/// caller can tell the user). A run with no positioned sample at all throws
/// `.nothingToExport` — export it as TCX instead, which keeps distance-only samples.
/// Cadence is written per foot (steps/2) for running and walking, because that is what `cad`
/// means to Garmin and Strava; rpm for cycling; as stored when the activity is unknown.
/// Each pause ends a `trkseg` (see `RunPause.resumes`), so no reader joins what was apart; a
/// simulated run says so in `trk/desc` and `trk/src` (`SimulatedRun`).
public enum GPXWriter {
    /// - Parameter fileTime: `metadata/time`; defaults to the first sample's time so the same
    ///   run always exports to the same bytes.
    /// - Parameter sensors: where the readings came from, written as the track's `src` (GPX's "source of data").
    public static func write(name: String?, activity: Activity?, samples: [RunSample], pauses: [RunPause] = [], simulated: Bool = false,
                             sensors: RunSensors = RunSensors(), fileTime: Int64? = nil) throws -> GPXExport {
        let positioned = samples.filter { $0.latitude != nil && $0.longitude != nil }
        guard !positioned.isEmpty else {
            throw RunFormatError.nothingToExport(reason: "none of the \(samples.count) samples has a position; GPX needs one per point (use TCX).")
        }
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Cadence" xmlns="\(XMLNamespaces.gpx11)" \
        xmlns:gpxtpx="\(XMLNamespaces.trackPointExtensionV1)" xmlns:xsi="\(XMLNamespaces.xsi)" \
        xsi:schemaLocation="\(XMLNamespaces.gpx11) http://www.topografix.com/GPX/1/1/gpx.xsd \
        \(XMLNamespaces.trackPointExtensionV1) http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">

        """
        out.reserveCapacity(positioned.count * 260)
        out += " <metadata>\n"
        if let name, !name.isEmpty { out += "  <name>\(XMLText.escape(name))</name>\n" }
        out += "  <time>\(ISO8601Time.format(fileTime ?? samples[0].time))</time>\n </metadata>\n <trk>\n"
        if let name, !name.isEmpty { out += "  <name>\(XMLText.escape(name))</name>\n" }
        if simulated {
            out += "  <desc>\(XMLText.escape(SimulatedRun.note))</desc>\n  <src>\(SimulatedRun.source)</src>\n"
        } else if let measured = sensors.summary {
            out += "  <src>\(XMLText.escape(measured))</src>\n"
        }
        if let activity { out += "  <type>\(activity.rawValue)</type>\n" }
        out += "  <trkseg>\n"
        for (i, s) in positioned.enumerated() {
            if i > 0, RunPause.resumes(between: positioned[i - 1].time, and: s.time, in: pauses) { out += "  </trkseg>\n  <trkseg>\n" }
            out += "   <trkpt lat=\"\(XMLText.number(s.latitude!, decimals: 7))\" lon=\"\(XMLText.number(s.longitude!, decimals: 7))\">"
            if let e = s.elevation, e.isFinite { out += "<ele>\(XMLText.number(e, decimals: 2))</ele>" }
            out += "<time>\(ISO8601Time.format(s.time))</time>"
            let hr = s.heartRate.flatMap { $0.isFinite ? Int($0.rounded()) : nil }.map { min($0, 255) }.flatMap { $0 >= 1 ? $0 : nil }
            let cad = s.cadence.flatMap { $0.isFinite ? Int(CadenceConvention.perFootValue($0, activity: activity).rounded()) : nil }
                .map { max(0, min($0, 254)) }
            if hr != nil || cad != nil {
                out += "<extensions><gpxtpx:TrackPointExtension>"
                if let hr { out += "<gpxtpx:hr>\(hr)</gpxtpx:hr>" }
                if let cad { out += "<gpxtpx:cad>\(cad)</gpxtpx:cad>" }
                out += "</gpxtpx:TrackPointExtension></extensions>"
            }
            out += "</trkpt>\n"
        }
        out += "  </trkseg>\n </trk>\n</gpx>\n"
        return GPXExport(data: Data(out.utf8), skippedWithoutPosition: samples.count - positioned.count)
    }

    /// Convenience for a parsed or recorded activity.
    public static func write(_ activity: RecordedActivity) throws -> GPXExport {
        try write(name: activity.name, activity: activity.activity, samples: activity.samples)
    }
}
