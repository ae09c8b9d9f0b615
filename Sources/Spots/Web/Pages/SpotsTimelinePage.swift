import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

/// `/phone/spots/timeline`: a day per slider step, today's first, then what has no date.
struct SpotsTimelinePage: Sendable {
    struct Day: Sendable {
        let key: String
        let label: String
        let index: Int
        let isToday: Bool
        let reminders: [SpotsItem]
    }

    let days: [Day]
    let hasDays: Bool
    let lastDay: Int
    let currentDay: Int
    let currentLabel: String
    let undated: [SpotsItem]
    let hasUndated: Bool
    let navTimeline = true

    init(_ reminders: [Reminder], zone: TimeZone, now: Date) {
        let byDay = DueRules.byDay(reminders, in: zone)
        let dayKey = SpotsPages.formatter("yyyy-MM-dd", zone), dayLabel = SpotsPages.formatter("EEEE d MMMM yyyy", zone)
        let today = SpotsPages.calendar(zone).startOfDay(for: now)
        days = byDay.enumerated().map { index, day in
            Day(key: dayKey.string(from: day.start), label: dayLabel.string(from: day.start), index: index,
                isToday: day.start == today, reminders: day.reminders.map { SpotsItem($0, zone: zone) })
        }
        hasDays = !days.isEmpty
        lastDay = max(0, days.count - 1)
        currentDay = byDay.firstIndex { $0.start >= today } ?? lastDay
        currentLabel = days.isEmpty ? "" : days[currentDay].label
        undated = DueRules.chronological(reminders).filter { $0.due == nil }.map { SpotsItem($0, zone: zone) }
        hasUndated = !undated.isEmpty
    }
}
