import Foundation

/// Pure time-alert rules (R4) and the chronological view's order (seed 004, 5.1).
public enum DueRules {
    /// Due: not complete, has a due time, and that time has come (`due ≤ now`). A place-only
    /// reminder is never due by time.
    public static func isDue(_ reminder: Reminder, now: Date) -> Bool {
        guard !reminder.isComplete, let due = reminder.due else { return false }
        return due <= now
    }

    /// The earliest due time strictly after `after` among reminders not complete — when the
    /// scheduler should wake next. nil when nothing is waiting.
    public static func nextDue(_ reminders: [Reminder], after: Date) -> Date? {
        reminders.lazy.filter { !$0.isComplete }.compactMap(\.due).filter { $0 > after }.min()
    }

    /// Reminders due at `now` that have not fired yet, oldest first, with the alert each one gives.
    /// On start-up this yields every alert missed while the server was down (marked `late`).
    public static func alerts(_ reminders: [Reminder], now: Date, alreadyFired: Set<UUID> = []) -> [TimeAlert] {
        reminders
            .filter { isDue($0, now: now) && !alreadyFired.contains($0.id) }
            .sorted { ($0.due!, $0.id.uuidString) < ($1.due!, $1.id.uuidString) }
            .map { TimeAlert(reminderID: $0.id, due: $0.due!, firedAt: now) }
    }

    /// The chronological list (seed 5.1): open reminders by due time, the next one first; ties by
    /// title. Reminders without a due time (place only) follow, by title. Completed ones are left out.
    public static func chronological(_ reminders: [Reminder]) -> [Reminder] {
        reminders.filter { !$0.isComplete }.sorted { a, b in
            switch (a.due, b.due) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default:
                let order = a.title.localizedStandardCompare(b.title)
                return order == .orderedSame ? a.id.uuidString < b.id.uuidString : order == .orderedAscending
            }
        }
    }

    /// A day of the chronological list ("separated by dates", seed 5.1).
    public struct Day: Equatable, Sendable {
        /// Midnight starting the day, in the time zone asked for.
        public let start: Date
        public let reminders: [Reminder]
    }

    /// `chronological` split into days in `timeZone`; reminders without a due time are not included.
    public static func byDay(_ reminders: [Reminder], in timeZone: TimeZone) -> [Day] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var days: [Day] = []
        for reminder in chronological(reminders) {
            guard let due = reminder.due else { continue }
            let start = calendar.startOfDay(for: due)
            if let last = days.last, last.start == start {
                days[days.count - 1] = Day(start: start, reminders: last.reminders + [reminder])
            } else {
                days.append(Day(start: start, reminders: [reminder]))
            }
        }
        return days
    }
}
