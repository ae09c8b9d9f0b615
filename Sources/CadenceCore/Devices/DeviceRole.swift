import Foundation

/// What a paired device is for (P2): the phone controls and edits, the watch shows
/// cue cards and workouts, the display is an audience screen. A calendar app (Thunderbird, DAVx5, Apple Reminders)
/// is not paired but given an app password, which syncs reminders over CalDAV and opens nothing else.
public enum DeviceRole: String, Codable, CaseIterable, Sendable {
    case phone
    case watch
    case display
    case calendar

    /// The roles a device can be paired as (a calendar app gets an app password instead).
    public static let pairable: [DeviceRole] = [.phone, .watch, .display]

    public init(parsing text: String, field: String = "role") throws(ValidationError) {
        guard let role = DeviceRole(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()), Self.pairable.contains(role) else {
            throw ValidationError(field: field, "A device's role is phone, watch or display, not \"\(text)\".",
                                  key: "devices.error.role", ["role": text])
        }
        self = role
    }
}
