import CadenceCore

extension Reminder {
    /// How a reminder is kept in `spots_reminders.reminder`. Version 1: the bare Codable JSON (until December 2026);
    /// version 2: the same fields in `StoredJSON`'s envelope. `StoredReminderShapeTests` pins both.
    public static let storedShape = StoredJSON<Reminder>("reminder", version: 2)
}
