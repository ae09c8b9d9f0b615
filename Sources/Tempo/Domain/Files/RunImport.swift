import CadenceCore
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
        report.interpolatedPoints = recorded.interpolatedPoints
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
            report.changeNotes.append(cadenceDoubled)
        } else if recorded.cadenceInterpretation == .ambiguousAsRecorded, let activity {
            let resolved = CadenceConvention.resolve(samples, activity: activity)
            samples = resolved.samples
            if resolved.doubled { report.changeNotes.append(cadenceDoubled) }
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
            report.changeNotes.append(Note("tempo.import.note.segments_apart", ["segments": .whole(segments.count), "count": .whole(pauses.count)]))
        }
        if recorded.interpolatedPoints > 0 {
            report.changeNotes.append(Note("tempo.import.note.interpolated", ["count": .whole(recorded.interpolatedPoints)]))
        }
        if recorded.simulated { report.changeNotes.append(Note("tempo.import.note.simulated")) }
        report.warningNotes = warnings(report, recorded: recorded, first: first, last: last, now: now)

        return ImportedRun(name: recorded.name, activity: activity, simulated: recorded.simulated, samples: ordered, pauses: pauses,
                           report: report, startTime: recorded.startTime.map { min($0, first) } ?? first, endTime: last)
    }

    static let cadenceDoubled = Note("tempo.import.note.cadence_doubled")

    static func warnings(_ report: ImportReport, recorded: RecordedActivity, first: Int64, last: Int64, now: Int64) -> [Note] {
        var warnings: [Note] = []
        if report.untimedPoints > 0 {
            let count = Note.Value.whole(report.untimedPoints)
            if let line = recorded.firstUntimedLine {
                // A line number is a label, not a quantity: no thousands separator.
                warnings.append(Note("tempo.import.warning.untimed_at_line", ["count": count, "line": .text(String(line))]))
            } else {
                warnings.append(Note("tempo.import.warning.untimed", ["count": count]))
            }
        }
        if report.outOfOrderPoints > 0 {
            warnings.append(Note("tempo.import.warning.out_of_order", ["count": .whole(report.outOfOrderPoints)]))
        }
        // Before 2000 (`RunSampleRules.earliest`) no GPS track was recorded: such times are a clock
        // that was never set (1901-12-13 is the lowest date a signed 32-bit clock can show; 1980 is GPS time zero).
        if first < RunSampleRules.earliest {
            warnings.append(Note("tempo.import.warning.clock_not_set", ["day": .text(day(first))]))
        } else if last > now + RunSampleRules.maximumFutureSkew {
            warnings.append(Note("tempo.import.warning.clock_ahead", ["day": .text(day(last))]))
        }
        if report.keptPoints > 1, first == last {
            warnings.append(Note("tempo.import.warning.one_time", ["count": .whole(report.keptPoints)]))
        }
        return warnings
    }

    static func day(_ time: Int64) -> String { String(ISO8601Time.format(time).prefix(10)) }
}
