import Foundation

/// Turns DATE and DATE-TIME values into instants for one VCALENDAR.
///
/// - UTC (`…Z`): as written.
/// - With TZID: the TZID is first tried as a system (Olson) identifier — also with a leading
///   `/vendor/…/` path removed and via the VTIMEZONE's X-LIC-LOCATION — because that is what nearly
///   every client writes and the system's rules are complete; otherwise the file's VTIMEZONE rules
///   are used (see `ICalTimeZoneRules` for their limits). A TZID found in neither is an error.
/// - Floating (no Z, no TZID): in the caller's default time zone.
/// - DATE (all-day): `allDayMinutes` after midnight of that day in the default time zone.
struct ICalTimeResolver {
    var rules: [String: ICalTimeZoneRules] = [:]
    var licLocation: [String: String] = [:]
    let defaultTimeZone: TimeZone
    let allDayMinutes: Int

    init(calendar: ICalComponent, defaultTimeZone: TimeZone, allDayMinutes: Int) {
        self.defaultTimeZone = defaultTimeZone
        self.allDayMinutes = allDayMinutes
        for component in calendar.components where component.name == "VTIMEZONE" {
            guard let tzid = component.first("TZID")?.value else { continue }
            if let read = ICalTimeZoneRules.read(component) { rules[tzid] = read }
            if let location = component.first("X-LIC-LOCATION")?.value { licLocation[tzid] = location }
        }
    }

    static func systemZone(_ tzid: String) -> TimeZone? {
        if let zone = TimeZone(identifier: tzid) { return zone }
        // "/mozilla.org/20070129_1/Europe/Berlin", "/citadel.org/…/Europe/Berlin": try shorter tails.
        var parts = tzid.split(separator: "/")
        while parts.count > 1 {
            parts.removeFirst()
            if let zone = TimeZone(identifier: parts.joined(separator: "/")) { return zone }
        }
        return nil
    }

    /// The system zone a TZID names, directly, by a shorter tail, or by its VTIMEZONE's X-LIC-LOCATION.
    func systemZone(named tzid: String) -> TimeZone? {
        Self.systemZone(tzid) ?? licLocation[tzid].flatMap(Self.systemZone)
    }

    func date(_ line: ICalLine) throws(ICalendarError) -> (date: Date, value: ICalDateValue) {
        let text = line.value.trimmingCharacters(in: .whitespaces)
        guard let value = ICalDateValue.parse(text) else {
            let hint = line.parameter("VALUE")?.uppercased() == "DATE" ? "20240305" : "20240305T090000Z"
            throw ICalendarError(
                line: line.number, kind: .badDate,
                "\(line.name) value '\(text)' is not a date. Write it like \(hint).",
                key: "spots.ical.error.bad_date_example", ["property": line.name, "value": text, "example": hint])
        }
        if value.isDate {
            var components = value.components
            components.hour = allDayMinutes / 60
            components.minute = allDayMinutes % 60
            return (try foundationDate(components, in: defaultTimeZone, line: line), value)
        }
        if value.isUTC {
            return (Date(timeIntervalSince1970: TimeInterval(value.wallSeconds)), value)
        }
        if let tzid = line.parameter("TZID") {
            if let zone = systemZone(named: tzid) {
                return (try foundationDate(value.components, in: zone, line: line), value)
            }
            if let rules = rules[tzid] {
                let wall = value.wallSeconds
                return (Date(timeIntervalSince1970: TimeInterval(wall - Int64(rules.offset(atWall: wall)))), value)
            }
            throw ICalendarError(
                line: line.number, kind: .unknownTimeZone,
                "\(line.name) uses time zone '\(tzid)', which the file does not define (no VTIMEZONE with that TZID).",
                key: "spots.ical.error.unknown_zone", ["property": line.name, "zone": tzid])
        }
        return (try foundationDate(value.components, in: defaultTimeZone, line: line), value)
    }

    private func foundationDate(_ components: DateComponents, in zone: TimeZone, line: ICalLine) throws(ICalendarError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: components) else {
            throw ICalendarError(line: line.number, kind: .badDate, "\(line.name) value '\(line.value)' is not a date.",
                                 key: "spots.ical.error.bad_date", ["property": line.name, "value": line.value])
        }
        return date
    }
}
