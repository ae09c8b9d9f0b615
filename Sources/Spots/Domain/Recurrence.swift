import Foundation

/// How a reminder belongs to a repeating task that another program wrote (RFC 5545 §3.8.5.3 RRULE,
/// §3.8.4.4 RECURRENCE-ID). eM Client and Thunderbird export a repeating task as the series plus
/// one VTODO per occurrence changed on its own (a completed one, typically), all with the same UID.
/// Cadence keeps each as a reminder of its own and says which is which. `RecurrenceRule` can read
/// the rule and compute its occurrences, but reminders do not use it yet: a series still reminds at
/// its own due time only (issue 22 wires it in).
public enum Recurrence: Equatable, Sendable, Codable {
    /// The series: repeats by `rule`, the RRULE value as written ("FREQ=WEEKLY;INTERVAL=2").
    case series(rule: String)
    /// One occurrence of a series, changed on its own: the one originally due at `originalStart`.
    case occurrence(originalStart: Date)

    /// "Repeats daily", "Repeats every 2 weeks"; "Repeats" when the rule says more than that.
    public static func summary(ofRule rule: String) -> String {
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
