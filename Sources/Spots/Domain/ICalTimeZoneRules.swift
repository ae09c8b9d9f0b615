import CadenceCore
import Foundation

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
                    dayNumber = monthDays.sorted().map { CivilDays.days(year: year, month: month, day: $0) }
                        .first { CivilDays.weekday($0) == weekday }
                } else if ordinal > 0 {
                    let first = CivilDays.days(year: year, month: month, day: 1)
                    let shift = (weekday - CivilDays.weekday(first) + 7) % 7
                    let candidate = first + shift + (ordinal - 1) * 7
                    if CivilDays.date(fromDays: candidate).1 == month { dayNumber = candidate }
                } else {
                    let last = CivilDays.days(year: year, month: month, day: CivilDays.daysInMonth(year: year, month: month))
                    let shift = (CivilDays.weekday(last) - weekday + 7) % 7
                    let candidate = last - shift + (ordinal + 1) * 7
                    if CivilDays.date(fromDays: candidate).1 == month { dayNumber = candidate }
                }
            } else if let monthDay = monthDays.first {
                dayNumber = CivilDays.days(year: year, month: month, day: min(monthDay, CivilDays.daysInMonth(year: year, month: month)))
            } else {
                dayNumber = CivilDays.days(year: year, month: month, day: min(day, CivilDays.daysInMonth(year: year, month: month)))
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
        let year = CivilDays.date(fromDays: Int(wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400)).0
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
