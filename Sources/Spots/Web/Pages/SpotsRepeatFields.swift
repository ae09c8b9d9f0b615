import CadenceCore
import Foundation
import Spots

/// The form's "Repeats" controls and the rule they stand for: how often (never, daily, weekly, monthly, yearly), every
/// how many, on which weekdays (weekly), until when or how many times, and days to skip. A rule the controls cannot
/// show (one another program wrote, "the last Friday of each month") is kept as it is, shown as its text.
struct SpotsRepeatFields: Sendable {
    struct Day: Sendable {
        let code: String
        let name: String
        let checked: Bool
    }

    let frequency: String
    let interval: String
    let days: [Day]
    let ends: String
    let count: String
    let until: String
    let skip: String
    /// The rule as text when the controls cannot show it.
    let custom: String?
    // Which choices are selected (the templates read stored properties only).
    let never: Bool, daily: Bool, weekly: Bool, monthly: Bool, yearly: Bool, isCustom: Bool
    let endsNever: Bool, endsCount: Bool, endsUntil: Bool
    /// Any repeat at all, a kept rule included.
    var isRepeating: Bool { !never }

    /// The weekdays Monday first: their RRULE codes and short names in `language` (from its locale: "Mon", "lun").
    static func dayNames(_ language: Language) -> [(String, String)] {
        let names = Recurrence.symbols(language).weekdays
        return [1, 2, 3, 4, 5, 6, 0].map { (RecurrenceRule.dayCodes[$0], SpotsPages.capitalized(names[$0], language)) }
    }

    static let dayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    private init(frequency: String, interval: String, days: [Day], ends: String, count: String, until: String, skip: String,
                 custom: String?) {
        self.frequency = frequency; self.interval = interval; self.days = days; self.ends = ends; self.count = count
        self.until = until; self.skip = skip; self.custom = custom
        never = frequency.isEmpty || frequency == "never"
        daily = frequency == "DAILY"; weekly = frequency == "WEEKLY"; monthly = frequency == "MONTHLY"; yearly = frequency == "YEARLY"
        isCustom = frequency == "custom"
        endsNever = ends.isEmpty || ends == "never"; endsCount = ends == "count"; endsUntil = ends == "until"
    }

    /// What was typed after a refused post.
    init(typed form: [String: String], language: Language) {
        self.init(frequency: form["repeat"] ?? "", interval: form["repeatInterval"] ?? "1",
                  days: Self.dayNames(language).map { Day(code: $0.0, name: $0.1, checked: form["repeat\($0.0)"] != nil) },
                  ends: form["repeatEnds"] ?? "never", count: form["repeatCount"] ?? "", until: form["repeatUntil"] ?? "",
                  skip: form["repeatSkip"] ?? "", custom: form["repeatRule"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// A stored reminder's repeat, in `zone`.
    init(reminder: Reminder?, zone: TimeZone, language: Language) {
        let text: String? = if case .series(let rule)? = reminder?.recurrence { rule } else { nil }
        let rule = text.flatMap { try? RecurrenceRule(parsing: $0) }
        let showable = rule.map(Self.showable) ?? false
        let chosen = Set((rule?.byDay ?? []).map { RecurrenceRule.dayCodes[$0.weekday] })
        let dayFormat = SpotsPages.formatter("yyyy-MM-dd", zone)
        let (ends, until): (String, String)
        switch rule?.until {
        case .moment(let date)?: (ends, until) = ("until", dayFormat.string(from: date))
        case .date(let y, let m, let d)?, .local(let y, let m, let d, _, _, _)?:
            (ends, until) = ("until", String(format: "%04d-%02d-%02d", y, m, d))
        case nil: (ends, until) = (rule?.count != nil ? "count" : "never", "")
        }
        self.init(frequency: text == nil ? "" : (showable ? rule!.frequency.rawValue : "custom"),
                  interval: String(rule?.interval ?? 1),
                  days: Self.dayNames(language).map { Day(code: $0.0, name: $0.1, checked: chosen.contains($0.0)) },
                  ends: ends, count: rule?.count.map(String.init) ?? "", until: until,
                  skip: (reminder?.repeatSchedule?.exceptions ?? []).map { dayFormat.string(from: $0) }.joined(separator: ", "),
                  custom: showable ? nil : text)
    }

    /// Whether the controls can show the rule: no ordinal weekdays, month days or months, weekdays only weekly.
    static func showable(_ rule: RecurrenceRule) -> Bool {
        rule.byMonthDay.isEmpty && rule.byMonth.isEmpty && rule.byDay.allSatisfy { $0.ordinal == nil }
            && (rule.byDay.isEmpty || rule.frequency == .weekly) && rule.weekStart == 1
    }

    /// The rule (nil: no repeat) and the skipped occurrences the form asks for, counted from `due` in `zone`.
    static func rule(from form: [String: String], due: Date?, zone: TimeZone) throws(ValidationError) -> (rule: String?, exceptions: [Date]) {
        func field(_ name: String) -> String { (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        let choice = field("repeat")
        let rule: String?
        switch choice {
        case "", "never": return (nil, [])
        case "custom":
            rule = field("repeatRule")
        case "DAILY", "WEEKLY", "MONTHLY", "YEARLY":
            guard let interval = Int(field("repeatInterval").isEmpty ? "1" : field("repeatInterval")), (1...999).contains(interval) else {
                throw ValidationError(field: "repeat", "Repeat every 1 to 999 days, weeks, months or years.", key: "spots.error.repeat_interval")
            }
            var built = RecurrenceRule(frequency: RecurrenceRule.Frequency(rawValue: choice)!, interval: interval)
            if choice == "WEEKLY" {
                built.byDay = dayCodes.filter { form["repeat\($0)"] != nil }
                    .compactMap { code in RecurrenceRule.dayCodes.firstIndex(of: code).map { RecurrenceRule.WeekdayNumber(weekday: $0) } }
            }
            switch field("repeatEnds") {
            case "count":
                guard let count = Int(field("repeatCount")), (1...10_000).contains(count) else {
                    throw ValidationError(field: "repeat", "Say how many times it repeats: 1 to 10,000.", key: "spots.error.repeat_count")
                }
                built.count = count
            case "until":
                guard let day = SpotsPages.formatter("yyyy-MM-dd", zone).date(from: field("repeatUntil")) else {
                    throw ValidationError(field: "repeat", "Give the last day it repeats as a date, e.g. 2027-06-30.",
                                          key: "spots.error.repeat_until")
                }
                // RFC 5545: with a start in a named zone, UNTIL is in UTC — the end of that day where the person is.
                built.until = .moment(SpotsPages.calendar(zone).date(byAdding: DateComponents(day: 1, second: -1), to: day) ?? day)
            default: break
            }
            rule = built.text
        default:
            throw ValidationError(field: "repeat", "Choose how often it repeats.", key: "spots.error.repeat_choose")
        }
        return (rule, try skippedOccurrences(field("repeatSkip"), due: due, zone: zone))
    }

    /// "2027-02-01, 2027-02-08": the occurrences on those days, at the series' time of day.
    static func skippedOccurrences(_ text: String, due: Date?, zone: TimeZone) throws(ValidationError) -> [Date] {
        let days = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }).map(String.init)
        guard !days.isEmpty else { return [] }
        guard let due else { throw ValidationError(field: "repeat", "Days to skip need a due time to count from.",
                                                        key: "spots.error.skip_needs_due") }
        let calendar = SpotsPages.calendar(zone)
        let clock = calendar.dateComponents([.hour, .minute, .second], from: due)
        var found: [Date] = []
        for day in days {
            guard let date = SpotsPages.formatter("yyyy-MM-dd", zone).date(from: day),
                  let moment = calendar.date(bySettingHour: clock.hour ?? 0, minute: clock.minute ?? 0, second: clock.second ?? 0, of: date)
            else { throw ValidationError(field: "repeat", "“\(day)” is not a date like 2027-02-01 (days to skip).",
                                             key: "spots.error.skip_not_date", ["day": day]) }
            found.append(moment)
        }
        return found
    }
}
