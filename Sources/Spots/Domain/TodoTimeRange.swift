import Foundation

/// Whether a VTODO falls in a time range, as RFC 4791 §9.9 decides it for `calendar-query` filters, from the
/// task's DTSTART, DURATION, DUE, COMPLETED and CREATED as a calendar app wrote them (read back from the file Cadence
/// serves, so the answer matches what the app sees). A repeating task is in the range when any occurrence is.
public enum TodoTimeRange {
    public struct Times: Equatable, Sendable {
        public var start: Date?
        public var duration: TimeInterval?
        public var due: Date?
        public var completed: Date?
        public var created: Date?
    }

    /// The times of every VTODO in `text` (an iCalendar object); a task's occurrences as separate times.
    public static func times(in text: String) -> [Times] {
        guard let document = try? ICalSyntax.parse(text) else { return [] }
        var found: [Times] = []
        for calendar in document.calendars {
            let resolver = ICalTimeResolver(calendar: calendar, defaultTimeZone: TimeZone(identifier: "UTC")!,
                                            allDayMinutes: 0)
            for todo in calendar.components where todo.name == "VTODO" {
                var times = Times()
                for line in todo.properties {
                    switch line.name {
                    case "DTSTART": times.start = try? resolver.date(line).date
                    case "DUE": times.due = try? resolver.date(line).date
                    case "COMPLETED": times.completed = try? resolver.date(line).date
                    case "CREATED": times.created = try? resolver.date(line).date
                    case "DURATION": times.duration = duration(line.value)
                    default: break
                    }
                }
                found.append(times)
            }
        }
        return found
    }

    /// The first VTODO's property values by name (as written, TEXT unescaped), for calendar-query's prop-filters.
    public static func propertyValues(in text: String) -> [String: [String]] {
        guard let document = try? ICalSyntax.parse(text),
              let todo = document.calendars.lazy.flatMap(\.components).first(where: { $0.name == "VTODO" }) else { return [:] }
        var values: [String: [String]] = [:]
        for line in todo.properties { values[line.name, default: []].append(ICalText.unescape(line.value)) }
        return values
    }

    /// RFC 4791 §9.9's table for one task and the range [start, end).
    public static func overlaps(_ t: Times, start: Date, end: Date) -> Bool {
        if let dtstart = t.start {
            if let duration = t.duration {
                return start <= dtstart.addingTimeInterval(duration) && (end > dtstart || end >= dtstart.addingTimeInterval(duration))
            }
            if let due = t.due {
                return (start < due || start <= dtstart) && (end > dtstart || end >= due)
            }
            return start <= dtstart && end > dtstart
        }
        if let due = t.due { return start < due && end >= due }
        if let completed = t.completed {
            if let created = t.created { return (start <= created || start <= completed) && (end >= created || end >= completed) }
            return start <= completed && end >= completed
        }
        if let created = t.created { return end > created }
        return true
    }

    /// "PT1H30M", "P2D", "-PT15M" (RFC 5545 §3.3.6) in seconds; nil when unreadable.
    static func duration(_ text: String) -> TimeInterval? {
        var value = text.trimmingCharacters(in: .whitespaces).uppercased()
        var sign: Double = 1
        if value.hasPrefix("-") { sign = -1; value.removeFirst() } else if value.hasPrefix("+") { value.removeFirst() }
        guard value.hasPrefix("P") else { return nil }
        value.removeFirst()
        var total: Double = 0, number = "", inTime = false
        let units: [Character: Double] = ["W": 604_800, "D": 86_400]
        let timeUnits: [Character: Double] = ["H": 3600, "M": 60, "S": 1]
        for character in value {
            if character == "T" { inTime = true; continue }
            if character.isNumber { number.append(character); continue }
            guard let amount = Double(number), let unit = (inTime ? timeUnits : units)[character] else { return nil }
            total += amount * unit
            number = ""
        }
        return number.isEmpty ? sign * total : nil
    }
}
