import CadenceCore
import Foundation

extension Reminder {
    /// How long an alert's Snooze puts a reminder off when it does not say.
    public static let defaultSnoozeMinutes = 10

    /// Put off from an alert: due again `minutes` from now (a place reminder gains that time alert too), and open
    /// again if it had been completed.
    public mutating func snooze(minutes: Int = Reminder.defaultSnoozeMinutes, now: Date) throws(ValidationError) {
        guard (1...1440).contains(minutes) else {
            throw ValidationError(field: "minutes", "Snooze for 1 to 1440 minutes, not \(minutes).",
                                  key: "spots.error.snooze", ["minutes": String(minutes)])
        }
        due = now.addingTimeInterval(TimeInterval(minutes * 60))
        completedAt = nil
    }
}
