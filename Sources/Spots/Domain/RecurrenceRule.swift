import CadenceCore
import Foundation

/// A repeat rule as iCalendar writes it (RFC 5545 §3.3.10 RRULE), of the kinds reminders use: daily, weekly, monthly
/// or yearly, every `interval` periods, on given weekdays (`BYDAY`, with an ordinal such as `-1FR` in a monthly or
/// yearly rule), days of the month (`BYMONTHDAY`, negative from the end) and months (`BYMONTH`), ending after `COUNT`
/// occurrences or at `UNTIL`. Other parts (`BYSETPOS`, `BYWEEKNO`, `BYYEARDAY`, hourly rules…) are refused by name, so
/// a rule another program wrote is kept as text and its own due time still reminds (`Recurrence`).
public struct RecurrenceRule: Equatable, Sendable {
    public enum Frequency: String, Sendable, CaseIterable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A weekday (0 = Sunday … 6 = Saturday), and in a monthly or yearly rule which one of the period ("2MO", "-1FR").
    public struct WeekdayNumber: Equatable, Hashable, Sendable {
        public let weekday: Int
        public let ordinal: Int?

        public init(weekday: Int, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// When `UNTIL` ends the rule: a UTC moment ("…Z"), or a date or floating time read in the reminder's zone.
    public enum Until: Equatable, Sendable {
        case moment(Date)
        case date(year: Int, month: Int, day: Int)
        case local(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
    }

    public var frequency: Frequency
    public var interval: Int
    public var byDay: [WeekdayNumber]
    public var byMonthDay: [Int]
    public var byMonth: [Int]
    public var count: Int?
    public var until: Until?
    /// The day weeks start on for `INTERVAL` > 1 in weekly rules (0 = Sunday; Monday by default).
    public var weekStart: Int

    public static let dayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    public init(frequency: Frequency, interval: Int = 1, byDay: [WeekdayNumber] = [], byMonthDay: [Int] = [], byMonth: [Int] = [],
                count: Int? = nil, until: Until? = nil, weekStart: Int = 1) {
        self.frequency = frequency; self.interval = interval; self.byDay = byDay; self.byMonthDay = byMonthDay
        self.byMonth = byMonth; self.count = count; self.until = until; self.weekStart = weekStart
    }

    /// Reads "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10". Errors name the part that is wrong (field `repeat`).
    public init(parsing text: String) throws(ValidationError) {
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        var seen = Set<String>()
        func fail(_ message: String, _ key: String, _ arguments: [String: String] = [:]) -> ValidationError {
            ValidationError(field: "repeat", message, key: "spots.error.rrule." + key, arguments)
        }
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let value = body.uppercased().hasPrefix("RRULE:") ? String(body.dropFirst(6)) : body
        guard !value.isEmpty else { throw fail("The repeat rule is empty.", "empty") }
        for part in value.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            guard pair.count == 2, !pair[1].isEmpty else { throw fail("“\(part)” is not a NAME=VALUE part of a repeat rule.", "not_a_part", ["part": String(part)]) }
            let (name, text) = (pair[0], pair[1])
            guard seen.insert(name).inserted else { throw fail("\(name) appears twice in the repeat rule.", "twice", ["name": name]) }
            let list = text.split(separator: ",").map(String.init)
            func integers(_ range: ClosedRange<Int>, zero: Bool = true) throws(ValidationError) -> [Int] {
                var values: [Int] = []
                for item in list {
                    guard let n = Int(item), range.contains(n), zero || n != 0 else {
                        throw fail("\(name)=\(text): each value is a whole number from \(range.lowerBound) to \(range.upperBound)\(zero ? "" : ", not 0").",
                                   zero ? "numbers" : "numbers_not_zero",
                                   ["name": name, "value": text, "min": String(range.lowerBound), "max": String(range.upperBound)])
                    }
                    values.append(n)
                }
                return values
            }
            switch name {
            case "FREQ":
                guard let f = Frequency(rawValue: text) else {
                    throw fail("FREQ=\(text) is not supported: a reminder repeats DAILY, WEEKLY, MONTHLY or YEARLY.", "freq", ["value": text])
                }
                frequency = f
            case "INTERVAL":
                guard let n = Int(text), (1...1000).contains(n) else { throw fail("INTERVAL is a whole number from 1 to 1000.", "interval") }
                rule.interval = n
            case "COUNT":
                guard let n = Int(text), (1...100_000).contains(n) else { throw fail("COUNT is a whole number from 1 to 100000.", "count") }
                rule.count = n
            case "UNTIL":
                guard let until = Self.until(text) else { throw fail("UNTIL=\(text) is not a date (20261231) or a time (20261231T235959Z).", "until", ["value": text]) }
                rule.until = until
            case "BYDAY":
                rule.byDay = try list.map { item throws(ValidationError) -> WeekdayNumber in
                    guard item.count >= 2, let day = Self.dayCodes.firstIndex(of: String(item.suffix(2))) else {
                        throw fail("BYDAY=\(text): each day is MO, TU, WE, TH, FR, SA or SU, with an optional number (2MO, -1FR).", "byday", ["value": text])
                    }
                    let number = item.dropLast(2)
                    if number.isEmpty { return WeekdayNumber(weekday: day) }
                    guard let n = Int(number), n != 0, (-53...53).contains(n) else {
                        throw fail("BYDAY=\(text): “\(item)” has a number that is not 1 to 53 or -1 to -53.", "byday_number", ["value": text, "item": item])
                    }
                    return WeekdayNumber(weekday: day, ordinal: n)
                }
            case "BYMONTHDAY": rule.byMonthDay = try integers(-31...31, zero: false)
            case "BYMONTH": rule.byMonth = try integers(1...12)
            case "WKST":
                guard let day = Self.dayCodes.firstIndex(of: text) else { throw fail("WKST=\(text) is not a day (MO … SU).", "wkst", ["value": text]) }
                rule.weekStart = day
            default:
                throw fail("\(name) is not supported in a reminder's repeat rule (FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH and WKST are).",
                           "unsupported", ["name": name])
            }
        }
        guard let frequency else { throw fail("The repeat rule has no FREQ (DAILY, WEEKLY, MONTHLY or YEARLY).", "no_freq") }
        guard rule.count == nil || rule.until == nil else { throw fail("A repeat rule ends by COUNT or by UNTIL, not both.", "count_and_until") }
        if rule.byDay.contains(where: { $0.ordinal != nil }) && !(frequency == .monthly || frequency == .yearly) {
            throw fail("BYDAY with a number (2MO, -1FR) is for MONTHLY and YEARLY rules.", "byday_ordinal")
        }
        if frequency == .weekly && !rule.byMonthDay.isEmpty { throw fail("BYMONTHDAY is not allowed in a WEEKLY rule.", "bymonthday_weekly") }
        rule.frequency = frequency
        // A value listed twice names the same days: kept once, so `BYDAY=MO,MO,…` (2,000 times) costs what MO does.
        rule.byDay = Self.once(rule.byDay)
        rule.byMonthDay = Self.once(rule.byMonthDay)
        rule.byMonth = Self.once(rule.byMonth)
        self = rule
    }

    /// `values` in their order, each the first time it appears.
    private static func once<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen = Set<Value>()
        return values.filter { seen.insert($0).inserted }
    }

    /// The rule as iCalendar writes it, parts in a fixed order.
    public var text: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if !byDay.isEmpty {
            parts.append("BYDAY=" + byDay.map { ($0.ordinal.map(String.init) ?? "") + Self.dayCodes[$0.weekday] }.joined(separator: ","))
        }
        if let count { parts.append("COUNT=\(count)") }
        if let until {
            switch until {
            case .moment(let date):
                let c = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                parts.append(String(format: "UNTIL=%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!))
            case .date(let y, let m, let d): parts.append(String(format: "UNTIL=%04d%02d%02d", y, m, d))
            case .local(let y, let m, let d, let h, let mi, let s):
                parts.append(String(format: "UNTIL=%04d%02d%02dT%02d%02d%02d", y, m, d, h, mi, s))
            }
        }
        if weekStart != 1 { parts.append("WKST=\(Self.dayCodes[weekStart])") }
        return parts.joined(separator: ";")
    }

    static func until(_ text: String) -> Until? {
        let digits = Array(text)
        func number(_ range: Range<Int>) -> Int? { Int(String(digits[range])) }
        guard digits.count >= 8, let y = number(0..<4), let m = number(4..<6), let d = number(6..<8),
              (1...12).contains(m), (1...CivilDays.daysInMonth(year: y, month: m)).contains(d) else { return nil }
        if digits.count == 8 { return .date(year: y, month: m, day: d) }
        guard digits.count >= 15, digits[8] == "T", let h = number(9..<11), let mi = number(11..<13), let s = number(13..<15),
              h < 24, mi < 60, s < 61 else { return nil }
        if digits.count == 16, digits[15] == "Z" {
            let seconds = Double(CivilDays.days(year: y, month: m, day: d) * 86_400 + h * 3600 + mi * 60 + min(s, 59))
            return .moment(Date(timeIntervalSince1970: seconds))
        }
        return digits.count == 15 ? .local(year: y, month: m, day: d, hour: h, minute: mi, second: s) : nil
    }
}

extension Calendar {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
