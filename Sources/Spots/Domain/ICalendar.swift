import CadenceCore
import Foundation

/// iCalendar (RFC 5545) import and export of reminders as VTODOs, with Apple's proximity alarms
/// (X-APPLE-PROXIMITY, X-APPLE-STRUCTURED-LOCATION) and RFC 9074 PROXIMITY alarms with a VLOCATION.
public enum ICalendar {
    /// Largest file read: 10 MB.
    public static let maximumBytes = 10 * 1_048_576
    /// Most physical lines read.
    public static let maximumLines = 100_000
    /// Title for a VTODO without SUMMARY.
    public static let untitledReminder = "Untitled reminder"
    /// Name for a place that the file gives no name for.
    public static let unnamedPlace = "Pinned location"
    /// When an all-day reminder (`DUE;VALUE=DATE`) fires: 09:00 in the default time zone, as Apple
    /// Reminders does by default. Midnight would alert people in their sleep.
    public static let defaultAllDayMinutes = 9 * 60
    /// Namespace of the name-based (v5) UUIDs derived from non-UUID UIDs. Pass an account-specific
    /// namespace to `parse` if ids must differ between accounts importing the same file.
    public static let defaultUIDNamespace = UUID(uuidString: "C4DE7C3A-5F0B-4D7E-9A55-2B8F6E1D0A93")!
    /// TRIGGER of a proximity alarm: RFC 5545 requires a TRIGGER in every VALARM and RFC 9074 keeps
    /// it; its proximity example (and Apple) use this date far in the past so that clients without
    /// proximity support never fire it by time.
    public static let proximityAlarmTrigger = "19760401T005545Z"

    /// The reminder id for an iCalendar UID: the UUID itself when the UID is one, otherwise a
    /// name-based UUID (v5) over the UID, so the same UID always gives the same id.
    public static func reminderID(forUID uid: String, namespace: UUID = defaultUIDNamespace) -> UUID {
        UUID(uuidString: uid) ?? ICalendarUID.uuidV5(namespace: namespace, name: uid)
    }

    /// The reminder id of one occurrence of a repeating task (a VTODO with this UID and a
    /// RECURRENCE-ID): derived from both, so the series keeps the UID's own id beside it.
    static func occurrenceID(uid: String, recurrenceID: ICalLine, namespace: UUID) -> UUID {
        let zone = recurrenceID.parameter("TZID") ?? ""
        let value = recurrenceID.value.trimmingCharacters(in: .whitespaces)
        return ICalendarUID.uuidV5(namespace: namespace, name: "\(uid)\nRECURRENCE-ID;TZID=\(zone):\(value)")
    }

    /// A series whose occurrences another program checked off (completed overrides: same UID, RECURRENCE-ID) stands
    /// at the first occurrence still open, as it would had it been checked off in Cadence.
    static func advancedPastCompleted(_ reminders: [Reminder]) -> [Reminder] {
        func key(_ reminder: Reminder) -> String { (reminder.preserved.uid ?? reminder.id.uuidString).uppercased() }
        var done: [String: Set<Date>] = [:]
        for reminder in reminders where reminder.isComplete {
            if case .occurrence(let start) = reminder.recurrence { done[key(reminder), default: []].insert(start) }
        }
        guard !done.isEmpty else { return reminders }
        return reminders.map { reminder in
            guard case .series = reminder.recurrence, !reminder.isComplete, let completed = done[key(reminder)] else { return reminder }
            var series = reminder
            // One count for all of them (each recount from the start made 200 completed occurrences take 45 s).
            guard let current = series.currentOccurrence, completed.contains(current), let rule = series.repeatRule,
                  let schedule = series.repeatSchedule else { return series }
            let upcoming = series.dues(of: rule, schedule, after: current.addingTimeInterval(schedule.dueAfterStart),
                                       limit: completed.count).dates
            for next in upcoming {
                series.due = next
                if !completed.contains(next.addingTimeInterval(-schedule.dueAfterStart)) { break }
            }
            return series
        }
    }

    /// Reads every VTODO of every VCALENDAR in `text`, leniently: every task is kept, and a line
    /// Cadence cannot read is left out (or kept verbatim) and reported in `warnings`.
    ///
    /// - Parameters:
    ///   - defaultTimeZone: for floating times (no `Z`, no TZID) and all-day dates.
    ///   - now: the completion time of a VTODO that says STATUS:COMPLETED but gives no COMPLETED,
    ///     LAST-MODIFIED or DTSTAMP.
    ///   - allDayMinutes: minutes after midnight at which an all-day (`VALUE=DATE`) reminder is due.
    /// - Returns: the reminders (empty when the file has no VTODO — not an error) and the warnings.
    /// - Throws: `ICalendarError` naming the line, for files that are not iCalendar, unbalanced
    ///   BEGIN/END, and files over `maximumBytes`/`maximumLines`.
    public static func parse(
        _ text: String, defaultTimeZone: TimeZone, now: Date, allDayMinutes: Int = defaultAllDayMinutes,
        uidNamespace: UUID = defaultUIDNamespace
    ) throws(ICalendarError) -> ICalendarImport {
        let document = try ICalSyntax.parse(text)
        var result = ICalendarImport(reminders: [], warnings: document.warnings)
        var ordinal = 0
        for calendar in document.calendars {
            let resolver = ICalTimeResolver(calendar: calendar, defaultTimeZone: defaultTimeZone, allDayMinutes: allDayMinutes)
            var zones: [String: [String]] = [:]
            for component in calendar.components where component.name == "VTIMEZONE" {
                if let tzid = component.first("TZID")?.value, zones[tzid] == nil { zones[tzid] = document.rawLines(of: component) }
            }
            for todo in calendar.components where todo.name == "VTODO" {
                ordinal += 1
                var reader = ICalTodoReader(
                    document: document, resolver: resolver, zones: zones, now: now, namespace: uidNamespace, ordinal: ordinal)
                if let reminder = reader.read(todo) { result.reminders.append(reminder) }
                result.warnings += reader.warnings
            }
        }
        result.warnings.sort { $0.line < $1.line }
        result.reminders = advancedPastCompleted(result.reminders)
        return result
    }
}
