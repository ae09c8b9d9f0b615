import CadenceCore
import Foundation

/// A repeat rule as people say it ("Repeats every 2 weeks on Mon, Wed, 10 times", "Se repite cada mes el último
/// vie"), each part a catalogue message (`spots.repeat.…`) that takes the summary so far, with weekday and month
/// names from the language's locale. The API's `repeatSummary` is the English one, for programs.
extension Recurrence {
    public static func summary(ofRule rule: String, in messages: Messages) -> String {
        guard let parsed = try? RecurrenceRule(parsing: rule) else { return frequencySummary(rule, in: messages) }
        let units: [RecurrenceRule.Frequency: String] = [.daily: "day", .weekly: "week", .monthly: "month", .yearly: "year"]
        let unit = units[parsed.frequency]!
        let symbols = Self.symbols(messages.language)
        var text = parsed.interval == 1
            ? messages("spots.repeat.\(parsed.frequency.rawValue.lowercased())")
            : messages("spots.repeat.every_n.\(unit)", ["count": String(parsed.interval)])
        if !parsed.byDay.isEmpty {
            let days = parsed.byDay.sorted { ($0.weekday + 6) % 7 < ($1.weekday + 6) % 7 }.map { day in
                let name = symbols.weekdays[day.weekday]
                guard let ordinal = day.ordinal else { return name }
                return messages("spots.repeat.nth_day", ["ordinal": Self.ordinal(ordinal, messages), "day": name])
            }
            let key = parsed.byDay.contains { $0.ordinal != nil } ? "spots.repeat.on_nth_days" : "spots.repeat.on_days"
            text = messages(key, ["summary": text, "days": days.joined(separator: ", ")])
        }
        if !parsed.byMonthDay.isEmpty {
            let days = parsed.byMonthDay.map { $0 == -1 ? messages("spots.repeat.last_month_day") : String($0) }
            text = messages("spots.repeat.on_month_days", ["summary": text, "days": days.joined(separator: ", ")])
        }
        if !parsed.byMonth.isEmpty {
            text = messages("spots.repeat.in_months", ["summary": text, "months": parsed.byMonth.map { symbols.months[$0 - 1] }.joined(separator: ", ")])
        }
        if let count = parsed.count {
            text = count == 1 ? messages("spots.repeat.once", ["summary": text])
                : messages("spots.repeat.times", ["summary": text, "count": String(count)])
        }
        let last: (year: Int, month: Int, day: Int)?
        switch parsed.until {
        case .moment(let date)?:
            let c = Calendar.utc.dateComponents([.year, .month, .day], from: date)
            last = (c.year!, c.month!, c.day!)
        case .date(let y, let m, let d)?, .local(let y, let m, let d, _, _, _)?: last = (y, m, d)
        case nil: last = nil
        }
        if let last {
            text = messages("spots.repeat.until", ["summary": text, "date": Self.day(last, language: messages.language)])
        }
        return text
    }

    /// A rule Cadence cannot count, said as far as its frequency and interval go.
    static func frequencySummary(_ rule: String, in messages: Messages) -> String {
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            if pair.count == 2 { parts[pair[0]] = pair[1] }
        }
        let units = ["SECONDLY": "second", "MINUTELY": "minute", "HOURLY": "hour", "DAILY": "day", "WEEKLY": "week",
                     "MONTHLY": "month", "YEARLY": "year"]
        guard let frequency = parts["FREQ"], let unit = units[frequency],
            Set(parts.keys).isSubset(of: ["FREQ", "INTERVAL", "WKST"])
        else { return messages("spots.repeat.plain") }
        let interval = parts["INTERVAL"].flatMap { Int($0) } ?? 1
        if interval == 1 {
            return frequency == "SECONDLY" || frequency == "MINUTELY"
                ? messages("spots.repeat.every_\(unit)") : messages("spots.repeat.\(frequency.lowercased())")
        }
        return messages("spots.repeat.every_n.\(unit)", ["count": String(interval)])
    }

    /// "1st", "last", "2.º"…
    static func ordinal(_ number: Int, _ messages: Messages) -> String {
        switch number {
        case 1...5: messages("spots.repeat.ordinal.\(number)")
        case -1: messages("spots.repeat.ordinal.last")
        case -2: messages("spots.repeat.ordinal.second_to_last")
        default: messages("spots.repeat.ordinal.nth", ["n": String(number)])
        }
    }

    /// Short weekday (Sunday first) and month names as the language writes them; English keeps the fixed "Mon", "Sep".
    public static func symbols(_ language: Language) -> (weekdays: [String], months: [String]) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = symbolLocale(language)
        return (calendar.shortWeekdaySymbols, calendar.shortMonthSymbols)
    }

    /// The locale whose names pages write dates with: English's fixed one (its words never change), else the language's.
    public static func symbolLocale(_ language: Language) -> Locale {
        writesFixedEnglish(language) ? Locale(identifier: "en_US_POSIX") : Locale(identifier: language.localeIdentifier)
    }

    /// English (and the pseudo language over it) keeps the words and formats its pages had before the catalogues.
    public static func writesFixedEnglish(_ language: Language) -> Bool { language == .english || language == .pseudo }

    /// The last day of a series: "2027-06-30" in English (as the API's summary writes it), else the language's date.
    static func day(_ day: (year: Int, month: Int, day: Int), language: Language) -> String {
        let iso = String(format: "%04d-%02d-%02d", day.year, day.month, day.day)
        guard !writesFixedEnglish(language),
              let date = Calendar.utc.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
        else { return iso }
        return LocaleFormat(language: language).date(date, zone: .gmt)
    }
}
