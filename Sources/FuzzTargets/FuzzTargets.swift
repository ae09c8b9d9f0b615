import DAV
import Foundation
import SafeXML
import Spots
import Tempo

/// The parsers of untrusted input, each as one function from bytes to nothing: coverage-guided fuzzing
/// (`scripts/fuzz`, libFuzzer) and the test suite's smoke run (`FuzzSmokeTests`) call them. A refusal (a thrown
/// error) is the right answer to bad bytes; only a crash, a trap or a hang is a finding.
public enum FuzzTargets {
    public static let all: [String: @Sendable (Data) -> Void] = [
        "ical": ical,
        "rrule": rrule,
        "runfile": runFile,
        "dav": dav,
        "safexml": safeXML,
        "multipart": multipart,
        "picture": picture,
        "live": live,
        "deck": deck,
    ]

    static let utc = TimeZone(identifier: "UTC")!
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// An .ics file as an import or a CalDAV PUT reads it, and each task's series counted as the scheduler would.
    @Sendable static func ical(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8),
              let read = try? ICalendar.parse(text, defaultTimeZone: utc, now: now) else { return }
        for reminder in read.reminders.prefix(20) {
            _ = reminder.occurrence(after: now)
            _ = reminder.currentOccurrence
        }
        _ = ICalendar.export(read.reminders, now: now)
    }

    /// A repeat rule as the API takes it, counted over a year from an arbitrary start.
    @Sendable static func rrule(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8), let rule = try? RecurrenceRule(parsing: text) else { return }
        _ = rule.text
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        _ = rule.occurrences(start: start, in: TimeZone(identifier: "Europe/Amsterdam")!, through: start.addingTimeInterval(366 * 86_400),
                             limit: 1000)
    }

    /// A GPX or TCX run file, through the import, the cleaning and the stats a stored run is shown with.
    @Sendable static func runFile(_ data: Data) {
        guard let recorded = try? RunFileImporter.read(data),
              let run = try? RunImport.prepare(recorded, format: RunFileFormat.detect(data), now: 1_800_000_000_000) else { return }
        let cleaned = TrackCleaning.clean(run.samples, activity: run.activity, pauses: run.pauses)
        _ = RunStats.compute(samples: cleaned.samples, activity: run.activity)
    }

    /// A WebDAV request body (PROPFIND, REPORT, PROPPATCH, MKCALENDAR).
    @Sendable static func dav(_ data: Data) {
        _ = try? DAVBody.parse(data)
    }

    @Sendable static func safeXML(_ data: Data) {
        _ = SafeXML.hasDoctype(data)
    }
}
