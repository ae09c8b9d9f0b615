import CadenceCore
import Foundation

extension RecurrenceRule {
    /// How many periods and candidate days one count may look at (0.44 s in a debug build here). Counting is the one piece of
    /// work a stranger's rule decides the size of: `FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=5` never occurs and
    /// would otherwise be looked for until the year 9999. No rule a person writes comes near it: a weekly rule
    /// counted from its start over a thousand years looks at about 52,000.
    public static let workLimit = 1_000_000

    /// How a count ended: having looked at everything it needed, or at `workLimit` candidates first (what it found
    /// until then is all it gives).
    public enum CountEnd: Equatable, Sendable {
        case complete
        case overLimit
    }

    /// The occurrences of the rule from `start` (DTSTART) up to `end` (inclusive), at most `limit`, as RFC 5545 and
    /// python-dateutil count them: each at the start's wall-clock time in `zone` (09:00 stays 09:00 across a change of
    /// daylight saving time), dates that do not exist skipped (the 31st in a 30-day month, 29 February in other years),
    /// none before `start`. `exdates` are left out but still count towards COUNT. With `from`, only those at or after it.
    public func occurrences(start: Date, in zone: TimeZone, through end: Date, excluding exdates: Set<Date> = [],
                            from earliest: Date? = nil, clock: RepeatSchedule.ClockTime? = nil, limit: Int = 10_000) -> [Date] {
        var found: [Date] = []
        guard limit > 0 else { return found }
        walk(start: start, in: zone, through: end, from: earliest, clock: clock) { date in
            if !exdates.contains(date), earliest.map({ date >= $0 }) ?? true { found.append(date) }
            return found.count < limit
        }
        return found
    }

    /// Calls `visit` with each occurrence from `start` through `end` in order (those more than a day before `from` are
    /// counted for COUNT but not turned into moments, and without COUNT the periods before it are skipped altogether;
    /// the few just before it are visited too, for the caller to compare) until it answers false. The work is bounded by `workLimit`. Each occurrence is at `clock` (the start's own time of day
    /// when nil).
    @discardableResult
    public func walk(start: Date, in zone: TimeZone, through end: Date, from earliest: Date? = nil,
                     clock written: RepeatSchedule.ClockTime? = nil, _ visit: (Date) -> Bool) -> CountEnd {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let s = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: start)
        guard let year = s.year, let month = s.month, let day = s.day else { return .complete }
        let clock = written.map { (hour: $0.hour, minute: $0.minute, second: $0.second) }
            ?? (hour: s.hour ?? 0, minute: s.minute ?? 0, second: s.second ?? 0)
        let startDay = CivilDays.days(year: year, month: month, day: day)
        let e = calendar.dateComponents([.year, .month, .day], from: end)
        let lastDay = CivilDays.days(year: e.year ?? year, month: e.month ?? month, day: e.day ?? day) + 1
        let start = Start(year: year, month: month, day: day, dayNumber: startDay)
        // A day before `from`'s own day (its clock time, or a change of the clocks, can move an occurrence across
        // midnight): every candidate before this one is before `from`.
        let firstWanted = earliest.map { moment -> Int in
            let f = calendar.dateComponents([.year, .month, .day], from: moment)
            return CivilDays.days(year: f.year ?? year, month: f.month ?? month, day: f.day ?? day) - 1
        } ?? Int.min

        var counted = 0
        var work = 0
        for period in (count == nil ? firstPeriod(reaching: firstWanted, start: start) : 0)... {
            guard let (firstDay, days) = candidates(period: period, start: start) else { break }
            if firstDay > lastDay { break }
            work += 1 + days.count
            if work > Self.workLimit { return .overLimit }
            for candidate in days where candidate >= startDay {
                if candidate < firstWanted {
                    counted += 1
                    if let count, counted >= count { return .complete }
                    continue
                }
                let (y, m, d) = CivilDays.date(fromDays: candidate)
                if let until, beyond(until, y: y, m: m, d: d, clock: clock, calendar: calendar) { return .complete }
                guard let date = calendar.date(from: DateComponents(year: y, month: m, day: d, hour: clock.hour,
                                                                    minute: clock.minute, second: clock.second)) else { continue }
                if date > end { return .complete }
                counted += 1
                if let count, counted > count { return .complete }
                if !visit(date) { return .complete }
            }
        }
        return .complete
    }

    /// The first period whose days can reach `day`: every earlier one lies wholly before it (for a rule without COUNT,
    /// whose earlier periods need not be counted).
    func firstPeriod(reaching day: Int, start: Start) -> Int {
        guard day > start.dayNumber else { return 0 }
        let units: Int
        switch frequency {
        case .daily:
            units = day - start.dayNumber
        case .weekly:
            let weekFirst = start.dayNumber - (CivilDays.weekday(start.dayNumber) - weekStart + 7) % 7
            units = (day - weekFirst) / 7
        case .monthly:
            let (y, m, _) = CivilDays.date(fromDays: day)
            units = (y * 12 + m) - (start.year * 12 + start.month)
        case .yearly:
            units = CivilDays.date(fromDays: day).year - start.year
        }
        return max(0, units / interval)
    }

    struct Start {
        let year: Int, month: Int, day: Int, dayNumber: Int
    }

    /// The days (as day numbers, in order) of the `period`-th period after the start's, and the period's first day;
    /// nil past any year a calendar can name.
    func candidates(period: Int, start: Start) -> (Int, [Int])? {
        let step = period * interval
        switch frequency {
        case .daily:
            let day = start.dayNumber + step
            return (day, keeps(day, dailyFilter: true) ? [day] : [])
        case .weekly:
            let first = start.dayNumber - (CivilDays.weekday(start.dayNumber) - weekStart + 7) % 7 + 7 * step
            let weekdays = byDay.isEmpty ? [CivilDays.weekday(start.dayNumber)] : byDay.map(\.weekday)
            let days = Set(weekdays.map { first + ($0 - weekStart + 7) % 7 }).sorted().filter { keeps($0, dailyFilter: false) }
            return (first, days)
        case .monthly:
            let index = start.year * 12 + start.month - 1 + step
            let (y, m) = (index / 12, index % 12 + 1)
            guard y <= 9999 else { return nil }
            let days = byMonth.isEmpty || byMonth.contains(m) ? monthDays(year: y, month: m, defaultDay: start.day) : []
            return (CivilDays.days(year: y, month: m, day: 1), days)
        case .yearly:
            let y = start.year + step
            guard y <= 9999 else { return nil }
            return (CivilDays.days(year: y, month: 1, day: 1), yearDays(year: y, start: start))
        }
    }

    /// BYMONTH for every frequency that does not generate by month; BYMONTHDAY and BYDAY for daily rules.
    private func keeps(_ dayNumber: Int, dailyFilter: Bool) -> Bool {
        let (y, m, d) = CivilDays.date(fromDays: dayNumber)
        if !byMonth.isEmpty && !byMonth.contains(m) { return false }
        guard dailyFilter else { return true }
        let length = CivilDays.daysInMonth(year: y, month: m)
        if !byMonthDay.isEmpty && !byMonthDay.contains(where: { ($0 > 0 ? $0 : length + 1 + $0) == d }) { return false }
        if !byDay.isEmpty && !byDay.contains(where: { $0.weekday == CivilDays.weekday(dayNumber) }) { return false }
        return true
    }

    /// A month's days by BYMONTHDAY and BYDAY (both: the days both name; neither: the start's day of the month).
    private func monthDays(year: Int, month: Int, defaultDay: Int) -> [Int] {
        let first = CivilDays.days(year: year, month: month, day: 1), length = CivilDays.daysInMonth(year: year, month: month)
        let byNumber = Set(byMonthDay.compactMap { n -> Int? in
            let d = n > 0 ? n : length + 1 + n
            return (1...length).contains(d) ? first + d - 1 : nil
        })
        let byWeekday = Set(weekdays(in: first..<(first + length)))
        let days: Set<Int>
        switch (byMonthDay.isEmpty, byDay.isEmpty) {
        case (true, true): days = defaultDay <= length ? [first + defaultDay - 1] : []
        case (false, true): days = byNumber
        case (true, false): days = byWeekday
        case (false, false): days = byNumber.intersection(byWeekday)
        }
        return days.sorted()
    }

    /// A year's days: the start's month and day without BY parts; BYDAY with numbers counted in the year when no
    /// BYMONTH is given; otherwise month by month (every month when only BYMONTHDAY or BYDAY is given).
    private func yearDays(year: Int, start: Start) -> [Int] {
        if byMonth.isEmpty && byMonthDay.isEmpty && byDay.isEmpty {
            guard start.day <= CivilDays.daysInMonth(year: year, month: start.month) else { return [] }
            return [CivilDays.days(year: year, month: start.month, day: start.day)]
        }
        if byMonth.isEmpty && byMonthDay.isEmpty {
            let first = CivilDays.days(year: year, month: 1, day: 1)
            return weekdays(in: first..<CivilDays.days(year: year + 1, month: 1, day: 1)).sorted()
        }
        let months = byMonth.isEmpty ? Array(1...12) : byMonth.sorted()
        return months.flatMap { monthDays(year: year, month: $0, defaultDay: start.day) }
    }

    /// The days in `span` that BYDAY names: every such weekday, or the n-th (from the end when negative). Each
    /// weekday's days are found once, by arithmetic, however many entries name it.
    private func weekdays(in span: Range<Int>) -> [Int] {
        guard !span.isEmpty else { return [] }
        var days = Set<Int>()
        var byWeekday: [Int: [Int]] = [:]
        for entry in byDay {
            let all = byWeekday[entry.weekday] ?? {
                let first = span.lowerBound + (entry.weekday - CivilDays.weekday(span.lowerBound) + 7) % 7
                return Array(stride(from: first, to: span.upperBound, by: 7))
            }()
            byWeekday[entry.weekday] = all
            guard let n = entry.ordinal else { days.formUnion(all); continue }
            let index = n > 0 ? n - 1 : all.count + n
            if all.indices.contains(index) { days.insert(all[index]) }
        }
        return Array(days)
    }

    /// Whether an occurrence on y-m-d at `clock` comes after UNTIL (which is inclusive).
    private func beyond(_ until: Until, y: Int, m: Int, d: Int, clock: (hour: Int, minute: Int, second: Int),
                        calendar: Calendar) -> Bool {
        let day = CivilDays.days(year: y, month: m, day: d)
        let seconds = clock.hour * 3600 + clock.minute * 60 + clock.second
        switch until {
        case .moment(let moment):
            guard let date = calendar.date(from: DateComponents(year: y, month: m, day: d, hour: clock.hour,
                                                                minute: clock.minute, second: clock.second)) else { return false }
            return date > moment
        case .date(let uy, let um, let ud):
            return day > CivilDays.days(year: uy, month: um, day: ud)
        case .local(let uy, let um, let ud, let h, let mi, let s):
            let untilDay = CivilDays.days(year: uy, month: um, day: ud)
            return day > untilDay || (day == untilDay && seconds > h * 3600 + mi * 60 + s)
        }
    }
}
