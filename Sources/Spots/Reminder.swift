import CadenceCore
import Foundation

/// Where a reminder fires: a named area (R2). The fence carries centre, radius and arrive/leave.
public struct Place: Equatable, Sendable, Codable {
    public static let nameMaximumLength = 120

    public var name: String
    public var fence: Fence

    /// - Throws: `ValidationError` on field `place.name` when the name is empty or longer than 120 characters.
    public init(name: String, fence: Fence) throws(ValidationError) {
        self.name = try Self.checkName(name)
        self.fence = fence
    }

    /// Trims and checks a place name; field `place.name`.
    public static func checkName(_ raw: String) throws(ValidationError) -> String {
        try RequiredText.check(
            raw, field: "place.name", maximumLength: nameMaximumLength,
            whenEmpty: "Give the place a name.", noun: "A place name")
    }
}

/// A reminder by time, by place, or both (R1; seed 004, requirements 2.1–2.1.3).
public struct Reminder: Equatable, Sendable, Codable {
    public static let titleMaximumLength = 200
    public static let notesMaximumLength = 10_000
    public static let needsTimeOrPlace = "Give the reminder a time, a place, or both."

    public let id: UUID
    /// Required, trimmed, at most 200 characters; field `title`.
    public var title: String
    /// At most 10,000 characters; field `notes`. Kept as typed (not trimmed).
    public var notes: String
    /// When it fires by time.
    public var due: Date?
    /// Where it fires.
    public var place: Place?
    public var completedAt: Date?
    /// iCalendar lines Cadence does not understand, kept verbatim (unfolded) so an import → export round trip loses nothing.
    public var preserved: PreservedCalendarData

    public init(
        id: UUID = UUID(), title: String, notes: String = "", due: Date? = nil, place: Place? = nil,
        completedAt: Date? = nil, preserved: PreservedCalendarData = .init()
    ) throws(ValidationError) {
        self.id = id
        self.title = try Self.checkTitle(title)
        self.notes = try Self.checkNotes(notes)
        self.due = due
        self.place = place
        self.completedAt = completedAt
        self.preserved = preserved
        try Self.checkTrigger(due: due, place: place)
    }

    /// Done: it was checked off (seed 3.1). A completed reminder no longer fires.
    public var isComplete: Bool { completedAt != nil }

    /// Checks a reminder whose `var` fields were changed after creation (an edit, seed 2.2) and
    /// returns it with the title trimmed.
    public func validated() throws(ValidationError) -> Reminder {
        var copy = self
        copy.title = try Self.checkTitle(title)
        copy.notes = try Self.checkNotes(notes)
        if let place { copy.place?.name = try Place.checkName(place.name) }
        try Self.checkTrigger(due: due, place: place)
        return copy
    }

    public static func checkTitle(_ raw: String) throws(ValidationError) -> String {
        try RequiredText.check(
            raw, field: "title", maximumLength: titleMaximumLength,
            whenEmpty: "Give the reminder a title.", noun: "A reminder title")
    }

    public static func checkNotes(_ notes: String) throws(ValidationError) -> String {
        if notes.count > notesMaximumLength {
            throw ValidationError(field: "notes", "Notes have at most \(notesMaximumLength) characters.")
        }
        return notes
    }

    static func checkTrigger(due: Date?, place: Place?) throws(ValidationError) {
        if due == nil && place == nil { throw ValidationError(field: "due", needsTimeOrPlace) }
    }
}
