import Foundation

/// The list's order: open reminders by due time (undated last), then done ones, newest first.
public enum ReminderOrder {
    public static func sorted(_ reminders: [StoredReminder]) -> [StoredReminder] {
        reminders.sorted { a, b in
            let (x, y) = (a.reminder, b.reminder)
            if x.isComplete != y.isComplete { return !x.isComplete }
            if x.isComplete { return (x.completedAt ?? .distantPast) > (y.completedAt ?? .distantPast) }
            switch (x.due, y.due) {
            case let (l?, r?): return l < r
            case (nil, _?): return false
            case (_?, nil): return true
            default: return x.title < y.title
            }
        }
    }
}
