import CadenceCore
import Foundation

extension RecurrenceRule {
    /// The occurrences of the rule from `start` (DTSTART) up to `end` (inclusive), at most `limit`, as RFC 5545 and
    /// python-dateutil count them: each at the start's wall-clock time in `zone` (09:00 stays 09:00 across a change of
    /// daylight saving time), dates that do not exist skipped (the 31st in a 30-day month, 29 February in other years),
    /// none before `start`. `exdates` are left out but still count towards COUNT.
    public func occurrences(start: Date, in zone: TimeZone, through end: Date, excluding exdates: Set<Date> = [],
                            limit: Int = 10_000) -> [Date] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let s = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: start)
        guard let year = s.year, let month = s.month, let day = s.day else { return [] }
        let clock = (hour: s.hour ?? 0, minute: s.minute ?? 0, second: s.second ?? 0)
        let startDay = CivilDays.days(year: year, month: month, day: day)
        let e = calendar.dateComponents([.year, .month, .day], from: end)
        let lastDay = CivilDays.days(year: e.year ?? year, month: e.month ?? month, day: e.day ?? day) + 1
        let start = Start(year: year, month: month, day: day, dayNumber: startDay)

        var found: [Date] = []
        var counted = 0
        for period in 0... {
            guard let (firstDay, days) = candidates(period: period, start: start) else { break }
            if firstDay > lastDay { break }
            for candidate in days where candidate >= startDay {
                let (y, m, d) = CivilDays.date(fromDays: candidate)
                if let until, beyond(until, y: y, m: m, d: d, clock: clock, calendar: calendar) { return found }
                guard let date = calendar.date(from: DateComponents(year: y, month: m, day: d, hour: clock.hour,
                                                                    minute: clock.minute, second: clock.second)) else { continue }
                if date > end { return found }
                counted += 1
                if let count, counted > count { return found }
                if !exdates.contains(date) { found.append(date) }
                if found.count >= limit { return found }
            }
        }
        return found
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

    /// The days in `span` that BYDAY names: every such weekday, or the n-th (from the end when negative).
    private func weekdays(in span: Range<Int>) -> [Int] {
        var days = Set<Int>()
        for entry in byDay {
            let all = span.filter { CivilDays.weekday($0) == entry.weekday }
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
