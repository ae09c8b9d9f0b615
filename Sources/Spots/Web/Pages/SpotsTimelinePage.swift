import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

/// `/phone/spots/timeline`: a day per slider step, today's first, a month selector over the months that have days,
/// then what has no date.
struct SpotsTimelinePage: Sendable {
    struct Day: Sendable {
        let key: String
        let label: String
        let index: Int
        let isToday: Bool
        let reminders: [SpotsItem]
        /// The slider step of the first day of this day's month (the month selector's value).
        let monthFirstDay: Int
    }

    struct Month: Sendable {
        let label: String
        /// The slider step of its first day with reminders.
        let firstDay: Int
        let isCurrent: Bool
    }

    let days: [Day]
    let months: [Month]
    let hasDays: Bool
    let lastDay: Int
    let currentDay: Int
    let currentLabel: String
    let undated: [SpotsItem]
    let hasUndated: Bool
    let navTimeline = true

    init(_ reminders: [Reminder], zone: TimeZone, now: Date, messages: Messages) {
        let language = messages.language
        let byDay = DueRules.byDay(reminders, in: zone)
        let dayKey = SpotsPages.formatter("yyyy-MM-dd", zone), dayFormat = SpotsPages.formatter("EEEE d MMMM yyyy", zone, language)
        let monthFormat = SpotsPages.formatter("MMMM yyyy", zone, language)
        let dayLabel = { (date: Date) in SpotsPages.capitalized(dayFormat.string(from: date), language) }
        let monthLabel = { (date: Date) in SpotsPages.capitalized(monthFormat.string(from: date), language) }
        let today = SpotsPages.calendar(zone).startOfDay(for: now)
        let monthOf = byDay.map { monthLabel($0.start) }
        let firstOfMonth = monthOf.indices.map { i in monthOf.firstIndex(of: monthOf[i])! }
        days = byDay.enumerated().map { index, day in
            Day(key: dayKey.string(from: day.start), label: dayLabel(day.start), index: index,
                isToday: day.start == today, reminders: day.reminders.map { SpotsItem($0, zone: zone, messages: messages) },
                monthFirstDay: firstOfMonth[index])
        }
        hasDays = !days.isEmpty
        lastDay = max(0, days.count - 1)
        currentDay = byDay.firstIndex { $0.start >= today } ?? lastDay
        let current = firstOfMonth.isEmpty ? -1 : firstOfMonth[currentDay]
        months = Set(firstOfMonth).sorted().map { Month(label: monthOf[$0], firstDay: $0, isCurrent: $0 == current) }
        currentLabel = days.isEmpty ? "" : days[currentDay].label
        undated = DueRules.chronological(reminders).filter { $0.due == nil }.map { SpotsItem($0, zone: zone, messages: messages) }
        hasUndated = !undated.isEmpty
    }
}
