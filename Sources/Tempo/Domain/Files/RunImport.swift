import Foundation

/// Turns what a reader returned into a run, leniently: nothing in the file is joined that the
/// file keeps apart, and nothing is refused that can be kept.
///
/// - **Segments** stay apart: each is read in its own order, segments are laid end to end by
///   their first time, and the gap between one segment's last point and the next one's first
///   becomes a pause, so distance, moving time and splits count within segments only.
/// - **Time going backwards** inside a segment (a point stamped earlier than the one before it):
///   the point is left out and counted, rather than sorting it in and drawing a line back and forth.
///   Points that share one time stay, in the file's order (a clock that stood still).
/// - **Old or future times** (a device whose clock was reset to 1901 or 1980, or set ahead) are
///   kept with a warning: the distance is right even when the date is not.
/// - **The activity** is the one chosen on the import form, else the file's, else unknown.
public enum RunImport {
    public static func prepare(_ recorded: RecordedActivity, format: RunFileFormat, chosenActivity: Activity?? = nil,
                               now: Int64) throws -> ImportedRun {
        var report = ImportReport(format: format == .tcx ? "tcx" : "gpx")
        report.untimedPoints = recorded.untimedPoints
        report.points = recorded.samples.count + recorded.untimedPoints

        let activity: Activity?
        if let chosen = chosenActivity {
            activity = chosen
            report.activityFrom = .form
        } else {
            activity = recorded.activity
            report.activityFrom = activity == nil ? .unknown : .file
        }

        var samples = recorded.samples.map(\.withFiniteReadings)
        if recorded.cadenceInterpretation == .doubledFromPerFoot {
            report.notes.append(cadenceDoubled)
        } else if recorded.cadenceInterpretation == .ambiguousAsRecorded, let activity {
            let resolved = CadenceConvention.resolve(samples, activity: activity)
            samples = resolved.samples
            if resolved.doubled { report.notes.append(cadenceDoubled) }
        }

        var segments: [[RunSample]] = []
        for range in recorded.segmentRanges {
            var kept: [RunSample] = []
            for sample in samples[range] {
                if let last = kept.last, sample.time < last.time {
                    report.outOfOrderPoints += 1
                } else {
                    kept.append(sample)
                }
            }
            segments.append(kept)
        }
        // By first time; segments starting together keep the file's order.
        segments = segments.enumerated().sorted { ($0.element[0].time, $0.offset) < ($1.element[0].time, $1.offset) }.map(\.element)
        report.segments = segments.count

        var pauses: [RunPause] = []
        for (before, after) in zip(segments, segments.dropFirst()) {
            let end = before[before.count - 1].time, resume = after[0].time
            if resume > end { pauses.append(RunPause(start: end, end: resume)) }
        }
        let ordered = segments.flatMap { $0 }
        report.keptPoints = ordered.count
        guard let first = ordered.map(\.time).min(), let last = ordered.map(\.time).max() else { throw RunFormatError.noTrackpoints }
        if !pauses.isEmpty {
            report.notes.append("The file's \(segments.count) segments are kept apart: the \(NumberText.count(pauses.count, "gap", "gaps")) "
                                + "between them \(pauses.count == 1 ? "is a pause" : "are pauses"), not straight lines.")
        }
        if recorded.simulated { report.notes.append(SimulatedRun.note) }
        report.warnings = warnings(report, recorded: recorded, first: first, last: last, now: now)

        return ImportedRun(name: recorded.name, activity: activity, simulated: recorded.simulated, samples: ordered, pauses: pauses,
                           report: report, startTime: recorded.startTime.map { min($0, first) } ?? first, endTime: last)
    }

    static let cadenceDoubled = "Cadence was recorded for one foot and has been doubled to steps per minute."

    static func warnings(_ report: ImportReport, recorded: RecordedActivity, first: Int64, last: Int64, now: Int64) -> [String] {
        var warnings: [String] = []
        if report.untimedPoints > 0 {
            let line = recorded.firstUntimedLine.map { report.untimedPoints == 1 ? " (line \($0))" : " (the first at line \($0))" } ?? ""
            warnings.append(NumberText.count(report.untimedPoints, "trackpoint", "trackpoints")
                            + " without a time \(report.untimedPoints == 1 ? "was" : "were") left out\(line): a run's samples are moments.")
        }
        if report.outOfOrderPoints > 0 {
            warnings.append(NumberText.count(report.outOfOrderPoints, "trackpoint", "trackpoints")
                            + " stamped earlier than the point before \(report.outOfOrderPoints == 1 ? "it was" : "them were") left out.")
        }
        // Before 2000 (`RunSampleRules.earliest`) no GPS track was recorded: such times are a clock
        // that was never set (1901-12-13 is the lowest date a signed 32-bit clock can show; 1980 is GPS time zero).
        if first < RunSampleRules.earliest {
            warnings.append("The file's times start on \(day(first)), before any GPS track was recorded: "
                            + "the device's clock was probably not set, so the date is wrong. Distances are kept.")
        } else if last > now + RunSampleRules.maximumFutureSkew {
            warnings.append("The file's times run to \(day(last)), after today: the device's clock was probably wrong, "
                            + "so the date is wrong. Distances are kept.")
        }
        if report.keptPoints > 1, first == last {
            warnings.append("All \(report.keptPoints) points share one time: the distance is kept, but time, pace and splits cannot be known.")
        }
        return warnings
    }

    static func day(_ time: Int64) -> String { String(ISO8601Time.format(time).prefix(10)) }
}
