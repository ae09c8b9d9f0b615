import Foundation

/// What a paired device is for (P2): the phone controls and edits, the watch shows
/// cue cards and workouts, the display is an audience screen.
public enum DeviceRole: String, Codable, CaseIterable, Sendable {
    case phone
    case watch
    case display

    public init(parsing text: String, field: String = "role") throws(ValidationError) {
        guard let role = DeviceRole(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw ValidationError(field: field, "A device's role is phone, watch or display, not \"\(text)\".")
        }
        self = role
    }
}
