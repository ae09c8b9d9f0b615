import CadenceCore
import Foundation

/// Reads one VTODO into a reminder, leniently: what it cannot read becomes a warning, and every
/// line it does not model is kept for the export (see `PreservedCalendarData`).
struct ICalTodoReader {
    let document: ICalDocument
    let resolver: ICalTimeResolver
    let zones: [String: [String]]
    let now: Date
    let namespace: UUID
    let ordinal: Int
    /// What could not be read in this VTODO, and what was done instead.
    private(set) var warnings: [ICalendarImport.Warning] = []

    init(document: ICalDocument, resolver: ICalTimeResolver, zones: [String: [String]], now: Date, namespace: UUID, ordinal: Int) {
        self.document = document
        self.resolver = resolver
        self.zones = zones
        self.now = now
        self.namespace = namespace
        self.ordinal = ordinal
    }

    private struct FoundPlace {
        var coordinate: Coordinate
        var radius: Double?
        var trigger: FenceTrigger
        var name: String?
        /// A VLOCATION UID that is a UUID (Cadence writes the fence id there) keeps the fence's id.
        var fenceID: UUID?
    }

    /// The VTODO as a reminder; nil only when even its title cannot be kept (then a warning says so).
    mutating func read(_ todo: ICalComponent) -> Reminder? {
        var preserved = PreservedCalendarData()
        var items: [PreservedCalendarData.Item] = []
        var seen = Set<String>()
        var tzids = Set<String>()
        var uid: String?, summary: String?, notes = "", due: Date?, completed: Date?, status: String?
        var stamp: Date?, lastModified: Date?
        var geoLine: ICalLine?, locationLine: ICalLine?
        var geoIndex = 0, locationIndex: Int?
        var startLine: ICalLine?, startIndex = 0
        var rule: String?, recurrenceLine: ICalLine?, dueLine: ICalLine?, exceptionLines: [ICalLine] = []
        var alarm: (component: ICalComponent, place: FoundPlace)?
        var timeAlarms: [(index: Int, component: ICalComponent)] = []

        func parameters(_ line: ICalLine, dropping: Set<String> = []) -> [String] {
            line.parameters.filter { !dropping.contains($0.name) }.map(\.wireForm)
        }
        func collectZones(_ line: ICalLine) {
            for parameter in line.parameters where parameter.name == "TZID" { tzids.formUnion(parameter.values) }
        }

        for entry in todo.entries {
            switch entry {
            case .property(let line):
                let isFirst = seen.insert(line.name).inserted
                switch line.name {
                case "UID" where isFirst:
                    uid = line.value.trimmingCharacters(in: .whitespaces)
                    items.append(.known(name: "UID", parameters: parameters(line)))
                case "DTSTAMP" where isFirst:
                    stamp = try? resolver.date(line).date
                    if stamp != nil { preserved.stamp = line.value.trimmingCharacters(in: .whitespaces) }
                    items.append(.known(name: "DTSTAMP", parameters: parameters(line, dropping: ICalKnown.dateParameters)))
                case "SUMMARY" where isFirst:
                    summary = ICalText.unescape(line.value)
                    items.append(.known(name: "SUMMARY", parameters: parameters(line)))
                case "DESCRIPTION" where isFirst:
                    notes = ICalText.unescape(line.value)
                    items.append(.known(name: "DESCRIPTION", parameters: parameters(line)))
                case "DUE" where isFirst:
                    guard let read = readDate(line, otherwise: .lineSkipped) else { continue }
                    due = read.date
                    dueLine = line
                    if read.value.isDate {
                        preserved.allDayDue = .init(date: line.value.trimmingCharacters(in: .whitespaces), due: read.date)
                    }
                    items.append(.known(name: "DUE", parameters: parameters(line, dropping: ICalKnown.dateParameters)))
                case "COMPLETED" where isFirst:
                    guard let read = readDate(line, otherwise: .lineSkipped) else { continue }
                    completed = read.date
                    items.append(.known(name: "COMPLETED", parameters: parameters(line, dropping: ICalKnown.dateParameters)))
                case "STATUS" where isFirst:
                    status = line.value.trimmingCharacters(in: .whitespaces).uppercased()
                    items.append(.known(name: "STATUS", parameters: parameters(line)))
                default:
                    if isFirst {
                        switch line.name {
                        case "LAST-MODIFIED": lastModified = try? resolver.date(line).date
                        case "GEO": geoLine = line; geoIndex = items.count
                        case "LOCATION": locationLine = line; locationIndex = items.count
                        case "DTSTART": startLine = line; startIndex = items.count
                        case "RRULE": rule = line.value.trimmingCharacters(in: .whitespaces)
                        case "RECURRENCE-ID": recurrenceLine = line
                        default: break
                        }
                    }
                    if line.name == "EXDATE" { exceptionLines.append(line) }
                    // A DTSTART that gives the due time is written back in UTC: its zone is not needed then.
                    if !(line.name == "DTSTART" && isFirst) { collectZones(line) }
                    items.append(.line(line.raw))
                }
            case .component(let child):
                var place: FoundPlace?
                if alarm == nil, child.name == "VALARM" {
                    do {
                        place = try proximityPlace(child)
                    } catch {
                        warnings.append(.init(error, then: .alarmKeptWithoutPlace))
                    }
                }
                if let place {
                    alarm = (child, place)
                    items.append(.place)
                } else {
                    if child.name == "VALARM" { timeAlarms.append((items.count, child)) }
                    for line in document.lines(of: child) { collectZones(line) }
                    items.append(.component(document.rawLines(of: child)))
                }
            }
        }

        // A task without DUE reminds at its start (Thunderbird's "start date" only), else at an
        // alarm's absolute time (Thunderbird and Apple write a reminder-only task that way); the
        // export writes the time back where it was read from.
        if let startLine {
            if due == nil, let read = readDate(startLine, otherwise: .lineKept) {
                due = read.date
                if read.value.isDate {
                    preserved.allDayDue = .init(date: startLine.value.trimmingCharacters(in: .whitespaces), due: read.date)
                }
                items[startIndex] = .known(name: "DTSTART", parameters: parameters(startLine, dropping: ICalKnown.dateParameters))
            } else {
                collectZones(startLine)
            }
        }
        if due == nil {
            for (index, component) in timeAlarms {
                guard let trigger = component.first("TRIGGER"), trigger.parameter("VALUE")?.uppercased() == "DATE-TIME",
                    trigger.value.trimmingCharacters(in: .whitespaces) != ICalendar.proximityAlarmTrigger,
                    let read = readDate(trigger, otherwise: .alarmKept)
                else { continue }
                due = read.date
                items[index] = .dueAlarm(lines: document.rawLines(of: component), trigger: read.date)
                break
            }
        }

        // Repeats: the series (RRULE), or one occurrence of it (RECURRENCE-ID), which shares the
        // series' UID and so needs an id of its own.
        var recurrence: Recurrence?
        if let recurrenceLine {
            if let read = readDate(recurrenceLine, otherwise: .lineKept) {
                recurrence = .occurrence(originalStart: read.date)
            }
        } else if let rule {
            recurrence = .series(rule: rule)
        }
        // A series Cadence can count repeats from its first due time, in the zone its start (else due) was written in.
        var schedule: RepeatSchedule?
        if let rule, recurrenceLine == nil, let due, let anchor = startLine ?? dueLine, (try? RecurrenceRule(parsing: rule)) != nil {
            // RFC 5545 counts the rule from DTSTART; each occurrence is due as long after its start as the first.
            let start = dueLine != nil ? startLine.flatMap { try? resolver.date($0).date } ?? due : due
            let zone = zoneName(of: anchor)
            let startSource = dueLine != nil ? (startLine ?? dueLine) : startLine
            schedule = RepeatSchedule(start: start, dueAfterStart: due.timeIntervalSince(start), zone: zone,
                                      exceptions: exceptions(exceptionLines),
                                      writtenClock: startSource.flatMap { try? resolver.date($0) }.flatMap { Self.skippedClock($0.value, at: $0.date, zone: zone) })
        }

        // Identity.
        let id: UUID
        if let uid, !uid.isEmpty {
            id = recurrenceLine.map { ICalendar.occurrenceID(uid: uid, recurrenceID: $0, namespace: namespace) }
                ?? ICalendar.reminderID(forUID: uid, namespace: namespace)
            if uid != id.uuidString { preserved.uid = uid }
        } else {
            // No UID (RFC 5545 requires one): stable only for the same file content.
            id = ICalendarUID.uuidV5(namespace: namespace, name: "no-uid:\(ordinal):\(summary ?? "")")
        }

        // Text, shortened (with the original kept) rather than refused.
        var title = (summary ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty { title = ICalendar.untitledReminder }
        if title.count > Reminder.titleMaximumLength {
            preserved.overflow["SUMMARY"] = title
            title = ICalText.shorten(title, to: Reminder.titleMaximumLength)
        }
        if notes.count > Reminder.notesMaximumLength {
            preserved.overflow["DESCRIPTION"] = notes
            notes = ICalText.shorten(notes, to: Reminder.notesMaximumLength)
        }

        // Completion.
        if completed == nil && status == "COMPLETED" { completed = lastModified ?? stamp ?? now }
        if completed == nil, let status, status != "NEEDS-ACTION", status != "COMPLETED" { preserved.status = status }

        // Place: a proximity alarm, else VTODO-level GEO (+ LOCATION as its name).
        let locationName = locationLine.map { ICalText.unescape($0.value) }
        let fenceID = ICalendarUID.uuidV5(namespace: id, name: "place")
        var place: Place?
        if let alarm {
            place = makePlace(alarm.place, fenceID: fenceID, fallbackName: locationName)
            preserved.placeSource = .init(lines: document.rawLines(of: alarm.component), place: place!, isAlarm: true)
        } else if let geoLine {
            do {
                let coordinate = try Self.geoProperty(geoLine)
                let found = FoundPlace(coordinate: coordinate, radius: nil, trigger: .arrive, name: locationName)
                place = makePlace(found, fenceID: fenceID, fallbackName: nil)
                let lines = [locationLine?.raw, geoLine.raw].compactMap { $0 }
                preserved.placeSource = .init(lines: lines, place: place!, isAlarm: false)
                items[geoIndex] = .place
                if let locationIndex { items.remove(at: locationIndex) }
            } catch {
                warnings.append(.init(error, then: .lineKeptWithoutPlace))
            }
        }

        for tzid in tzids.sorted() { if let zone = zones[tzid] { preserved.timeZones[tzid] = zone } }

        do {
            var reminder = try Reminder(
                id: id, title: title, notes: notes, due: due, place: place, completedAt: completed, recurrence: recurrence,
                repeatSchedule: schedule)
            preserved.items = ICalKnown.normalized(items, for: reminder, placeIsAlarm: preserved.placeSource?.isAlarm ?? true)
            reminder.preserved = preserved
            return reminder
        } catch {
            // The refusal is a message of its own, said inside the sentence in the same language.
            warnings.append(.init(
                line: todo.beginLine, reason: "The task '\(title)' was skipped: \(error.message)",
                reasonKeys: error.localized.map {
                    [MessageKey("spots.ical.task_skipped", ["title": title, "reason": error.message], nested: ["reason": $0])]
                } ?? []))
            return nil
        }
    }

    /// The zone a date line counts in: UTC for "…Z", its TZID when the system knows it, else the import's zone.
    /// The written time of day when the zone skips it at `date` (a DTSTART inside a spring-forward gap), else nil.
    static func skippedClock(_ value: ICalDateValue, at date: Date, zone: String) -> RepeatSchedule.ClockTime? {
        guard !value.isDate, !value.isUTC, let timeZone = TimeZone(identifier: zone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let shown = calendar.dateComponents([.hour, .minute, .second], from: date)
        guard shown.hour != value.hour || shown.minute != value.minute || shown.second != value.second else { return nil }
        return RepeatSchedule.ClockTime(hour: value.hour, minute: value.minute, second: value.second)
    }

    private func zoneName(of line: ICalLine) -> String {
        if line.value.trimmingCharacters(in: .whitespaces).uppercased().hasSuffix("Z") { return "UTC" }
        if let tzid = line.parameter("TZID"), let zone = resolver.systemZone(named: tzid) { return zone.identifier }
        return resolver.defaultTimeZone.identifier
    }

    /// EXDATE values (one or several a line, each in the line's zone); those that cannot be read are reported.
    private mutating func exceptions(_ lines: [ICalLine]) -> [Date] {
        var found: [Date] = []
        for line in lines {
            for value in line.value.split(separator: ",") {
                let single = ICalLine(name: line.name, parameters: line.parameters, value: String(value), raw: line.raw, number: line.number)
                if let read = readDate(single, otherwise: .exceptionLeftOut) { found.append(read.date) }
            }
        }
        return found.sorted()
    }

    /// A date property's value, or nil with a warning saying what was done instead.
    private mutating func readDate(_ line: ICalLine, otherwise action: ICalendarImport.Action) -> (date: Date, value: ICalDateValue)? {
        do {
            return try resolver.date(line)
        } catch {
            warnings.append(.init(error, then: action))
            return nil
        }
    }

    /// The fence id is the VLOCATION's UID when that is a UUID (as Cadence writes it), otherwise
    /// derived from the reminder id so that importing the same file twice gives the same fence.
    private func makePlace(_ found: FoundPlace, fenceID: UUID, fallbackName: String?) -> Place {
        var radius = found.radius ?? Fence.defaultRadius
        if !radius.isFinite { radius = Fence.defaultRadius }
        radius = min(max(radius, Fence.radiusRange.lowerBound), Fence.radiusRange.upperBound)
        let names = [found.name, fallbackName, ICalendar.unnamedPlace].compactMap {
            $0?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let name = ICalText.shorten(names.first { !$0.isEmpty }!, to: Place.nameMaximumLength)
        // Both cannot fail: the radius is clamped into range and the name is non-empty and short.
        let fence = try! Fence(id: found.fenceID ?? fenceID, center: found.coordinate, radius: radius, trigger: found.trigger)
        return try! Place(name: name, fence: fence)
    }

    private static func trigger(_ value: String?) -> FenceTrigger? {
        switch value?.trimmingCharacters(in: .whitespaces).uppercased() {
        case "ARRIVE": .arrive
        case "DEPART": .leave
        default: nil  // CONNECT/DISCONNECT (vehicle) and others are not places; kept verbatim.
        }
    }

    /// A VALARM that fires on arriving at or leaving a position, in either encoding; RFC 9074's
    /// VLOCATION wins over Apple's properties for position and name when both are present.
    private func proximityPlace(_ alarm: ICalComponent) throws(ICalendarError) -> FoundPlace? {
        var found: FoundPlace?
        if let trigger = Self.trigger(alarm.first("PROXIMITY")?.value) {
            for location in alarm.components where location.name == "VLOCATION" {
                let name = location.first("NAME").map { ICalText.unescape($0.value) }
                let fenceID = location.first("UID").flatMap { UUID(uuidString: $0.value.trimmingCharacters(in: .whitespaces)) }
                if let url = location.first("URL"), url.value.lowercased().hasPrefix("geo:") {
                    let geo = try Self.geoURI(url)
                    found = FoundPlace(
                        coordinate: geo.coordinate, radius: geo.uncertainty, trigger: trigger, name: name, fenceID: fenceID)
                } else if let geo = location.first("GEO") {
                    found = FoundPlace(
                        coordinate: try Self.geoProperty(geo), radius: nil, trigger: trigger, name: name, fenceID: fenceID)
                }
                if found != nil { break }
            }
        }
        if let trigger = Self.trigger(alarm.first("X-APPLE-PROXIMITY")?.value),
            let location = alarm.first("X-APPLE-STRUCTURED-LOCATION"), location.value.lowercased().hasPrefix("geo:")
        {
            let geo = try Self.geoURI(location)
            let radius = location.parameter("X-APPLE-RADIUS").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            var name = location.parameter("X-TITLE").map(ICalText.caretDecode)
            if name?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
                name = location.parameter("X-ADDRESS").map {
                    ICalText.unescape(ICalText.caretDecode($0)).split(separator: "\n").first.map(String.init) ?? ""
                }
            }
            if var rfc = found {
                rfc.radius = rfc.radius ?? radius
                rfc.name = rfc.name ?? name
                found = rfc
            } else {
                found = FoundPlace(coordinate: geo.coordinate, radius: radius, trigger: trigger, name: name)
            }
        }
        return found
    }

    /// `geo:lat,lon[,alt][;u=metres][;…]` (RFC 5870).
    static func geoURI(_ line: ICalLine) throws(ICalendarError) -> (coordinate: Coordinate, uncertainty: Double?) {
        let text = line.value.trimmingCharacters(in: .whitespaces)
        let body = text.dropFirst(4)
        let parts = body.split(separator: ";", omittingEmptySubsequences: false)
        let numbers = parts.first.map { $0.split(separator: ",", omittingEmptySubsequences: false) } ?? []
        guard numbers.count == 2 || numbers.count == 3, let latitude = Double(numbers[0]), let longitude = Double(numbers[1])
        else {
            throw ICalendarError(
                line: line.number, kind: .badLocation,
                "\(line.name) value '\(text)' is not a position; write it like geo:52.52,13.405.",
                key: "spots.ical.error.bad_geo_uri", ["property": line.name, "value": text])
        }
        var uncertainty: Double?
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].lowercased() == "u" { uncertainty = Double(pair[1]) }
        }
        return (try coordinate(latitude, longitude, line: line, text: text), uncertainty)
    }

    /// `GEO:lat;lon` (RFC 5545 §3.8.1.6).
    static func geoProperty(_ line: ICalLine) throws(ICalendarError) -> Coordinate {
        let text = line.value.trimmingCharacters(in: .whitespaces)
        let numbers = text.split(whereSeparator: { $0 == ";" || $0 == "," }).map { $0.trimmingCharacters(in: .whitespaces) }
        guard numbers.count == 2, let latitude = Double(numbers[0]), let longitude = Double(numbers[1]) else {
            throw ICalendarError(
                line: line.number, kind: .badLocation,
                "GEO value '\(text)' is not a position; write it like 52.52;13.405 (latitude;longitude).",
                key: "spots.ical.error.bad_geo", ["value": text])
        }
        return try coordinate(latitude, longitude, line: line, text: text)
    }

    private static func coordinate(_ latitude: Double, _ longitude: Double, line: ICalLine, text: String) throws(ICalendarError) -> Coordinate {
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw ICalendarError(
                line: line.number, kind: .badLocation,
                "\(line.name) position '\(text)' is off the map: latitude must be within -90…90 and longitude within -180…180.",
                key: "spots.ical.error.off_map", ["property": line.name, "value": text])
        }
    }
}
