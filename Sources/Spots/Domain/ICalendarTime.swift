import Foundation

/// A DATE (`20240305`) or DATE-TIME (`20240305T090000`, `…Z`) value as written.
struct ICalDateValue: Equatable, Sendable {
    var year: Int, month: Int, day: Int
    var hour = 0, minute = 0, second = 0
    var isDate: Bool
    var isUTC: Bool

    /// Strict RFC 5545 §3.3.4/§3.3.5 form with range checks (month 1–12, day within the month, …).
    static func parse(_ text: String) -> ICalDateValue? {
        let s = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard i < s.count, s[i] >= 0x30, s[i] <= 0x39 else { return nil }
                value = value * 10 + Int(s[i] - 0x30)
            }
            return value
        }
        guard s.count == 8 || s.count == 15 || s.count == 16,
            let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8),
            (1...12).contains(month), day >= 1, day <= ICalCivil.daysInMonth(year, month)
        else { return nil }
        if s.count == 8 { return ICalDateValue(year: year, month: month, day: day, isDate: true, isUTC: false) }
        guard s[8] == UInt8(ascii: "T"), let hour = digits(9..<11), let minute = digits(11..<13),
            let second = digits(13..<15), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        if s.count == 16 && s[15] != UInt8(ascii: "Z") && s[15] != UInt8(ascii: "z") { return nil }
        return ICalDateValue(
            year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59),
            isDate: false, isUTC: s.count == 16)
    }

    /// Seconds since 1970 reading the wall-clock fields as if they were UTC.
    var wallSeconds: Int64 {
        Int64(ICalCivil.days(year, month, day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    var components: DateComponents {
        DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    static func utcString(_ date: Date) -> String {
        let total = Int64(floor(date.timeIntervalSince1970))
        let days = Int(total >= 0 ? total / 86_400 : (total - 86_399) / 86_400)
        let secondsOfDay = Int(total - Int64(days) * 86_400)
        let (y, m, d) = ICalCivil.civil(days)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", y, m, d, secondsOfDay / 3600, secondsOfDay / 60 % 60, secondsOfDay % 60)
    }
}

/// Proleptic Gregorian day arithmetic (H. Hinnant's days-from-civil), independent of Foundation.
enum ICalCivil {
    static func days(_ y: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y - 1 : y
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(_ z: Int) -> (Int, Int, Int) {
        let z = z + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// 0 = Sunday … 6 = Saturday.
    static func weekday(_ days: Int) -> Int { ((days % 7) + 11) % 7 }

    static func daysInMonth(_ y: Int, _ m: Int) -> Int {
        switch m {
        case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Offset rules read from a VTIMEZONE, for TZIDs the system does not know (e.g. Outlook's
/// "W. Europe Standard Time"). Supports what real files use: STANDARD/DAYLIGHT observances with a
/// DTSTART onset, TZOFFSETFROM/TZOFFSETTO, RDATEs, and yearly RRULEs with one BYMONTH and a BYDAY
/// such as `-1SU`, `2SU`, or `SU` with BYMONTHDAY (`BYMONTHDAY=8,9,…,14;BYDAY=SU`), honouring UNTIL.
/// Not supported (the observance then counts only at its DTSTART and RDATEs): other frequencies,
/// several months in one rule, COUNT. Wall times in a skipped or repeated hour get the new offset.
struct ICalTimeZoneRules: Sendable {
    struct Observance: Sendable {
        var start: Int64  // wall seconds of DTSTART
        var offsetFrom: Int
        var offsetTo: Int
        var rule: YearlyRule?
        var rdates: [Int64] = []
    }

    struct YearlyRule: Sendable {
        var month: Int
        var weekday: Int?  // 0 = Sunday
        var ordinal: Int  // 1…5, -1…-5; 0 = any (with monthDays) or none
        var monthDays: [Int]
        var secondsOfDay: Int
        var day: Int  // DTSTART's day, when neither BYDAY nor BYMONTHDAY is given
        var until: Int64?  // wall seconds (UTC UNTIL is compared as-is; off by at most the offset)

        func onset(inYear year: Int) -> Int64? {
            var dayNumber: Int?
            if let weekday {
                if !monthDays.isEmpty {
                    dayNumber = monthDays.sorted().map { ICalCivil.days(year, month, $0) }
                        .first { ICalCivil.weekday($0) == weekday }
                } else if ordinal > 0 {
                    let first = ICalCivil.days(year, month, 1)
                    let shift = (weekday - ICalCivil.weekday(first) + 7) % 7
                    let candidate = first + shift + (ordinal - 1) * 7
                    if ICalCivil.civil(candidate).1 == month { dayNumber = candidate }
                } else {
                    let last = ICalCivil.days(year, month, ICalCivil.daysInMonth(year, month))
                    let shift = (ICalCivil.weekday(last) - weekday + 7) % 7
                    let candidate = last - shift + (ordinal + 1) * 7
                    if ICalCivil.civil(candidate).1 == month { dayNumber = candidate }
                }
            } else if let monthDay = monthDays.first {
                dayNumber = ICalCivil.days(year, month, min(monthDay, ICalCivil.daysInMonth(year, month)))
            } else {
                dayNumber = ICalCivil.days(year, month, min(day, ICalCivil.daysInMonth(year, month)))
            }
            guard let dayNumber else { return nil }
            let onset = Int64(dayNumber) * 86_400 + Int64(secondsOfDay)
            if let until, onset > until { return nil }
            return onset
        }
    }

    var observances: [Observance]

    /// The UTC offset in seconds for a wall-clock time.
    func offset(atWall wall: Int64) -> Int {
        let year = ICalCivil.civil(Int(wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400)).0
        var best: (onset: Int64, offset: Int)?
        for observance in observances {
            var candidates = [observance.start] + observance.rdates
            if let rule = observance.rule {
                for y in [year - 1, year] {
                    if let onset = rule.onset(inYear: y), onset >= observance.start { candidates.append(onset) }
                }
            }
            for onset in candidates where onset <= wall {
                if best == nil || onset > best!.onset { best = (onset, observance.offsetTo) }
            }
        }
        if let best { return best.offset }
        // Before every onset: the earliest observance's TZOFFSETFROM.
        return observances.min { $0.start < $1.start }?.offsetFrom ?? 0
    }

    /// Reads a VTIMEZONE; nil when it has no usable observance.
    static func read(_ component: ICalComponent) -> ICalTimeZoneRules? {
        var observances: [Observance] = []
        for child in component.components where child.name == "STANDARD" || child.name == "DAYLIGHT" {
            guard let startLine = child.first("DTSTART"), let start = ICalDateValue.parse(startLine.value),
                let to = child.first("TZOFFSETTO").flatMap({ parseOffset($0.value) })
            else { continue }
            let from = child.first("TZOFFSETFROM").flatMap { parseOffset($0.value) } ?? to
            var observance = Observance(start: start.wallSeconds, offsetFrom: from, offsetTo: to)
            for rdate in child.properties where rdate.name == "RDATE" {
                for value in rdate.value.split(separator: ",") {
                    if let date = ICalDateValue.parse(String(value)) { observance.rdates.append(date.wallSeconds) }
                }
            }
            if let rrule = child.first("RRULE") { observance.rule = yearlyRule(rrule.value, start: start) }
            observances.append(observance)
        }
        return observances.isEmpty ? nil : ICalTimeZoneRules(observances: observances)
    }

    /// `+0100`, `-0500`, `+053000` → seconds.
    static func parseOffset(_ text: String) -> Int? {
        let s = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard s.count == 5 || s.count == 7, s[0] == UInt8(ascii: "+") || s[0] == UInt8(ascii: "-"),
            s.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        let n = s.dropFirst().map { Int($0 - 0x30) }
        var seconds = (n[0] * 10 + n[1]) * 3600 + (n[2] * 10 + n[3]) * 60
        if n.count == 6 { seconds += n[4] * 10 + n[5] }
        return s[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    static func yearlyRule(_ text: String, start: ICalDateValue) -> YearlyRule? {
        var parts: [String: String] = [:]
        for part in text.uppercased().split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parts[String(pair[0])] = String(pair[1]) }
        }
        guard parts["FREQ"] == "YEARLY", parts["COUNT"] == nil else { return nil }
        var month = start.month
        if let byMonth = parts["BYMONTH"] {
            guard let m = Int(byMonth), (1...12).contains(m) else { return nil }
            month = m
        }
        var monthDays: [Int] = []
        if let byMonthDay = parts["BYMONTHDAY"] {
            for day in byMonthDay.split(separator: ",") {
                guard let d = Int(day), (1...31).contains(d) else { return nil }
                monthDays.append(d)
            }
        }
        var weekday: Int?
        var ordinal = 0
        if let byDay = parts["BYDAY"] {
            guard !byDay.contains(",") else { return nil }
            let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
            guard byDay.count >= 2, let index = names.firstIndex(of: String(byDay.suffix(2))) else { return nil }
            weekday = index
            let prefix = byDay.dropLast(2)
            if !prefix.isEmpty {
                guard let n = Int(prefix), n != 0, (-5...5).contains(n) else { return nil }
                ordinal = n
            } else if monthDays.isEmpty {
                ordinal = 1
            }
        }
        var until: Int64?
        if let text = parts["UNTIL"] {
            guard let value = ICalDateValue.parse(text) else { return nil }
            until = value.isDate ? value.wallSeconds + 86_399 : value.wallSeconds
        }
        return YearlyRule(
            month: month, weekday: weekday, ordinal: ordinal, monthDays: monthDays,
            secondsOfDay: start.hour * 3600 + start.minute * 60 + start.second, day: start.day, until: until)
    }
}

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

    func date(_ line: ICalLine) throws(ICalendarError) -> (date: Date, value: ICalDateValue) {
        let text = line.value.trimmingCharacters(in: .whitespaces)
        guard let value = ICalDateValue.parse(text) else {
            let hint = line.parameter("VALUE")?.uppercased() == "DATE" ? "20240305" : "20240305T090000Z"
            throw ICalendarError(
                line: line.number, kind: .badDate,
                "\(line.name) value '\(text)' is not a date. Write it like \(hint).")
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
            if let zone = Self.systemZone(tzid) ?? licLocation[tzid].flatMap(Self.systemZone) {
                return (try foundationDate(value.components, in: zone, line: line), value)
            }
            if let rules = rules[tzid] {
                let wall = value.wallSeconds
                return (Date(timeIntervalSince1970: TimeInterval(wall - Int64(rules.offset(atWall: wall)))), value)
            }
            throw ICalendarError(
                line: line.number, kind: .unknownTimeZone,
                "\(line.name) uses time zone '\(tzid)', which the file does not define (no VTIMEZONE with that TZID).")
        }
        return (try foundationDate(value.components, in: defaultTimeZone, line: line), value)
    }

    private func foundationDate(_ components: DateComponents, in zone: TimeZone, line: ICalLine) throws(ICalendarError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: components) else {
            throw ICalendarError(line: line.number, kind: .badDate, "\(line.name) value '\(line.value)' is not a date.")
        }
        return date
    }
}
