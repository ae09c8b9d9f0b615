import Foundation

/// How a reminder belongs to a repeating task that another program wrote (RFC 5545 §3.8.5.3 RRULE,
/// §3.8.4.4 RECURRENCE-ID). eM Client and Thunderbird export a repeating task as the series plus
/// one VTODO per occurrence changed on its own (a completed one, typically), all with the same UID.
/// Cadence keeps each as a reminder of its own and says which is which. A series whose rule
/// `RecurrenceRule` reads, with a `RepeatSchedule`, repeats (`Reminder+Repeat`); one Cadence cannot
/// count (BYSETPOS, hourly…) keeps its rule as text and reminds at its own due time.
public enum Recurrence: Equatable, Sendable, Codable {
    /// The series: repeats by `rule`, the RRULE value as written ("FREQ=WEEKLY;INTERVAL=2").
    case series(rule: String)
    /// One occurrence of a series, changed on its own: the one originally due at `originalStart`.
    case occurrence(originalStart: Date)

    /// "Repeats daily", "Repeats every 2 weeks on Mon, Wed, 10 times", "Repeats monthly on day 31"; for a rule
    /// Cadence cannot count, its frequency ("Repeats every minute"), else "Repeats".
    public static func summary(ofRule rule: String) -> String {
        guard let parsed = try? RecurrenceRule(parsing: rule) else { return frequencySummary(rule) }
        let units: [RecurrenceRule.Frequency: (String, String)] = [
            .daily: ("daily", "day"), .weekly: ("weekly", "week"), .monthly: ("monthly", "month"), .yearly: ("yearly", "year"),
        ]
        let (adverb, unit) = units[parsed.frequency]!
        var text = parsed.interval == 1 ? "Repeats \(adverb)" : "Repeats every \(parsed.interval) \(unit)s"
        let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let ordinals = [1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", -1: "last", -2: "second to last"]
        if !parsed.byDay.isEmpty {
            let days = parsed.byDay.sorted { ($0.weekday + 6) % 7 < ($1.weekday + 6) % 7 }.map { day in
                (day.ordinal.map { (ordinals[$0] ?? "\($0)th") + " " } ?? "") + dayNames[day.weekday]
            }
            text += " on " + days.joined(separator: ", ")
        }
        if !parsed.byMonthDay.isEmpty {
            text += " on day " + parsed.byMonthDay.map { $0 == -1 ? "last" : String($0) }.joined(separator: ", ")
        }
        if !parsed.byMonth.isEmpty {
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            text += " in " + parsed.byMonth.map { months[$0 - 1] }.joined(separator: ", ")
        }
        if let count = parsed.count { text += count == 1 ? ", once" : ", \(count) times" }
        switch parsed.until {
        case .moment(let date)?:
            let c = Calendar.utc.dateComponents([.year, .month, .day], from: date)
            text += String(format: ", until %04d-%02d-%02d", c.year!, c.month!, c.day!)
        case .date(let y, let m, let d)?, .local(let y, let m, let d, _, _, _)?: text += String(format: ", until %04d-%02d-%02d", y, m, d)
        case nil: break
        }
        return text
    }

    /// A rule Cadence cannot count, said as far as its frequency and interval go.
    static func frequencySummary(_ rule: String) -> String {
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            if pair.count == 2 { parts[pair[0]] = pair[1] }
        }
        let units = ["SECONDLY": "second", "MINUTELY": "minute", "HOURLY": "hour", "DAILY": "day", "WEEKLY": "week",
                     "MONTHLY": "month", "YEARLY": "year"]
        let adverbs = ["HOURLY": "hourly", "DAILY": "daily", "WEEKLY": "weekly", "MONTHLY": "monthly", "YEARLY": "yearly"]
        guard let frequency = parts["FREQ"], let unit = units[frequency],
            Set(parts.keys).isSubset(of: ["FREQ", "INTERVAL", "WKST"])
        else { return "Repeats" }
        let interval = parts["INTERVAL"].flatMap { Int($0) } ?? 1
        if interval == 1, let adverb = adverbs[frequency] { return "Repeats \(adverb)" }
        return interval == 1 ? "Repeats every \(unit)" : "Repeats every \(interval) \(unit)s"
    }
}
