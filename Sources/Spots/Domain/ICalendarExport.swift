import Foundation

extension ICalendar {
    /// Writes reminders as one VCALENDAR with a VTODO each.
    ///
    /// Per reminder: UID, DTSTAMP (`now`), SUMMARY, DESCRIPTION (when there are notes), DUE in UTC
    /// (an imported all-day `VALUE=DATE` is written back as a DATE while unchanged; a due time read
    /// from DTSTART or an alarm's absolute trigger is written back there instead), STATUS, COMPLETED,
    /// and for a place one VALARM carrying both encodings — ACTION:DISPLAY, DESCRIPTION, TRIGGER at
    /// `proximityAlarmTrigger`, X-APPLE-PROXIMITY + X-APPLE-STRUCTURED-LOCATION, and RFC 9074
    /// PROXIMITY + VLOCATION (UID = the fence id, GEO, and a geo: URL whose `u=` is the radius). A place imported from a
    /// file and not changed since is written with its original lines instead (no second encoding is
    /// added). Preserved lines and components go back where they were; VTIMEZONEs they refer to are
    /// written once per calendar.
    ///
    /// Lines end in CRLF and are folded at 75 octets without splitting a UTF-8 sequence.
    public static func export(_ reminders: [Reminder], prodID: String = "-//Cadence//Spots//EN", now: Date) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + ICalText.escape(prodID), "CALSCALE:GREGORIAN"]
        var zones: [String: [String]] = [:]
        for reminder in reminders {
            for (tzid, component) in reminder.preserved.timeZones where zones[tzid] == nil { zones[tzid] = component }
        }
        // A series is written in its zone (DTSTART;TZID=…): the file carries that zone's rules, over the years it reaches.
        for reminder in reminders {
            guard let schedule = reminder.repeatSchedule, reminder.repeatRule != nil, schedule.zone != "UTC", zones[schedule.zone] == nil,
                  let zone = TimeZone(identifier: schedule.zone) else { continue }
            zones[schedule.zone] = ICalTimeZoneWriter.component(for: zone, from: schedule.start.addingTimeInterval(-86_400),
                                                                through: max(schedule.start, now).addingTimeInterval(10 * 365 * 86_400))
        }
        for tzid in zones.keys.sorted() { lines.append(contentsOf: zones[tzid]!) }
        let stamp = ICalDateValue.utcString(now)
        for reminder in reminders { lines.append(contentsOf: todoLines(reminder, stamp: stamp)) }
        lines.append("END:VCALENDAR")
        return lines.map { ICalText.fold($0) }.joined(separator: "\r\n") + "\r\n"
    }

    static func todoLines(_ reminder: Reminder, stamp: String) -> [String] {
        let preserved = reminder.preserved
        let keepPlace: PreservedCalendarData.PlaceSource? =
            preserved.placeSource.flatMap { $0.place == reminder.place ? $0 : nil }
        let items = ICalKnown.normalized(preserved.items, for: reminder, placeIsAlarm: keepPlace?.isAlarm ?? true)
        var lines = ["BEGIN:VTODO"]
        lines.append(contentsOf: seriesLines(reminder, items: items))
        for item in items {
            switch item {
            case .line(let line): lines.append(line)
            case .component(let component): lines.append(contentsOf: component)
            case .known(let name, let parameters):
                if let line = knownLine(name, parameters: parameters, reminder: reminder, stamp: stamp) { lines.append(line) }
            case .dueAlarm(let alarm, let trigger):
                lines.append(contentsOf: dueAlarm(alarm, trigger: trigger, due: reminder.due))
            case .place:
                if let keepPlace {
                    lines.append(contentsOf: keepPlace.lines)
                } else if let place = reminder.place {
                    lines.append(contentsOf: placeAlarm(place, reminder: reminder))
                }
            }
        }
        lines.append("END:VTODO")
        return lines
    }

    private static func knownLine(_ name: String, parameters: [String], reminder: Reminder, stamp: String) -> String? {
        let preserved = reminder.preserved
        var parameters = parameters
        let value: String
        switch name {
        case "UID":
            value = preserved.uid ?? reminder.id.uuidString
        case "DTSTAMP":
            value = preserved.stamp ?? stamp
        case "SUMMARY":
            let original = preserved.overflow["SUMMARY"]
            let text = original.map { ICalText.shorten($0, to: Reminder.titleMaximumLength) == reminder.title } == true
                ? original! : reminder.title
            value = ICalText.escape(text)
        case "DESCRIPTION":
            let original = preserved.overflow["DESCRIPTION"]
            let text = original.map { ICalText.shorten($0, to: Reminder.notesMaximumLength) == reminder.notes } == true
                ? original! : reminder.notes
            value = ICalText.escape(text)
        case "DUE", "DTSTART":  // DTSTART: a task without DUE whose due time was read from its start
            guard let due = reminder.due else { return nil }
            if let schedule = reminder.repeatSchedule, reminder.repeatRule != nil {
                // A series is written from its first occurrence, in its zone: clients count the rule from there.
                let moment = name == "DUE" ? schedule.firstDue : schedule.start
                // An all-day series (`VALUE=DATE`) stays all-day while its first date is the one read.
                if let allDay = preserved.allDayDue, allDay.due == moment {
                    return name + (["VALUE=DATE"] + parameters).map { ";" + $0 }.joined() + ":" + allDay.date
                }
                return name + parameters.map { ";" + $0 }.joined() + zonedValue(moment, zone: schedule.zone)
            }
            if let allDay = preserved.allDayDue, allDay.due == due {
                parameters.insert("VALUE=DATE", at: 0)
                value = allDay.date
            } else {
                value = ICalDateValue.utcString(due)
            }
        case "STATUS":
            if reminder.isComplete {
                value = "COMPLETED"
            } else {
                value = preserved.status ?? "NEEDS-ACTION"
            }
        case "COMPLETED":
            guard let completedAt = reminder.completedAt else { return nil }
            value = ICalDateValue.utcString(completedAt)
        default:
            return nil
        }
        return name + parameters.map { ";" + $0 }.joined() + ":" + value
    }

    /// What makes a series repeat, for the lines the file did not bring itself (a series made or changed in Cadence):
    /// DTSTART at its first occurrence when there is none (RFC 5545 counts the rule from it), RRULE, EXDATE.
    static func seriesLines(_ reminder: Reminder, items: [PreservedCalendarData.Item]) -> [String] {
        guard case .series(let rule) = reminder.recurrence else { return [] }
        let present = Set(items.compactMap { item -> String? in
            switch item {
            case .line(let raw): ICalKnown.propertyName(raw)
            case .known(let name, _): name
            default: nil
            }
        })
        var lines: [String] = []
        if let schedule = reminder.repeatSchedule, reminder.repeatRule != nil {
            if !present.contains("DTSTART") {
                // RFC 5545 §3.8.2.3: DTSTART has DUE's value type, so an all-day series starts on a date.
                if let allDay = reminder.preserved.allDayDue, allDay.due == schedule.start {
                    lines.append("DTSTART;VALUE=DATE:" + allDay.date)
                } else {
                    lines.append("DTSTART" + zonedValue(schedule.start, zone: schedule.zone, clock: schedule.writtenClock))
                }
            }
            if !present.contains("EXDATE"), !schedule.exceptions.isEmpty {
                lines.append("EXDATE:" + schedule.exceptions.map(ICalDateValue.utcString).joined(separator: ","))
            }
        }
        if !present.contains("RRULE") { lines.append("RRULE:" + rule) }
        return lines
    }

    /// ";TZID=Europe/Amsterdam:20270115T090000", or ":20270115T080000Z" in UTC: the parameters and value of a date line.
    /// `date` as a time in `zone` (`;TZID=…:…`), at `clock` instead of its own time of day when given (a start
    /// written inside a gap the zone skips keeps the time it was written with).
    static func zonedValue(_ date: Date, zone: String, clock: RepeatSchedule.ClockTime? = nil) -> String {
        guard zone != "UTC", zone != "GMT", let timeZone = TimeZone(identifier: zone) else { return ":" + ICalDateValue.utcString(date) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let (hour, minute, second) = clock.map { ($0.hour, $0.minute, $0.second) } ?? (c.hour!, c.minute!, c.second!)
        return ";TZID=\(zone)" + String(format: ":%04d%02d%02dT%02d%02d%02d", c.year!, c.month!, c.day!, hour, minute, second)
    }

    /// The alarm a due time was read from: as it was while the time is unchanged, moved with it,
    /// and left out once the reminder has no time (another program would still alert by it).
    static func dueAlarm(_ lines: [String], trigger: Date, due: Date?) -> [String] {
        guard let due else { return [] }
        if due == trigger { return lines }
        return lines.map { line in
            let upper = line.uppercased()
            return upper.hasPrefix("TRIGGER;") || upper.hasPrefix("TRIGGER:")
                ? "TRIGGER;VALUE=DATE-TIME:" + ICalDateValue.utcString(due) : line
        }
    }

    /// A VALARM with both Apple's and RFC 9074's encoding of the place.
    static func placeAlarm(_ place: Place, reminder: Reminder) -> [String] {
        let fence = place.fence
        let proximity = fence.trigger == .arrive ? "ARRIVE" : "DEPART"
        let latitude = ICalText.number(fence.center.latitude)
        let longitude = ICalText.number(fence.center.longitude)
        let radius = ICalText.number(fence.radius)
        let title = "\"" + ICalText.parameterValue(ICalText.caretEncode(place.name)).replacingOccurrences(of: "\"", with: "") + "\""
        return [
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:" + ICalText.escape(reminder.title),
            "TRIGGER;VALUE=DATE-TIME:" + proximityAlarmTrigger,
            "X-APPLE-PROXIMITY:" + proximity,
            "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=\(radius);X-TITLE=\(title):geo:\(latitude),\(longitude)",
            "PROXIMITY:" + proximity,
            "BEGIN:VLOCATION",
            "UID:" + fence.id.uuidString,  // RFC 9073 requires a UID; the fence id survives a round trip
            "NAME:" + ICalText.escape(place.name),
            "GEO:\(latitude);\(longitude)",
            "URL:geo:\(latitude),\(longitude);u=\(radius)",
            "END:VLOCATION",
            "END:VALARM",
        ]
    }
}
