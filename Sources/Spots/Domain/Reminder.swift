import CadenceCore
import Foundation

/// A reminder by time, by place, or both (R1; seed 004, requirements 2.1–2.1.3) — or by neither: a
/// plain to-do (R7), so that a task list imported from another program stays whole. Only a time or
/// a place can alert; a plain to-do is listed and never fires.
public struct Reminder: Equatable, Sendable, Codable {
    public static let titleMaximumLength = 200
    public static let notesMaximumLength = 10_000

    public private(set) var id: UUID
    /// Required, trimmed, at most 200 characters; field `title`.
    public var title: String
    /// At most 10,000 characters; field `notes`. Kept as typed (not trimmed).
    public var notes: String
    /// When it fires by time.
    public var due: Date?
    /// Where it fires.
    public var place: Place?
    public var completedAt: Date?
    /// Part of a repeating task from another program: the series, or one occurrence of it.
    public var recurrence: Recurrence?
    /// For a series: the start, zone and exceptions its occurrences are counted from (`Reminder+Repeat`).
    public var repeatSchedule: RepeatSchedule?
    /// iCalendar lines Cadence does not understand, kept verbatim (unfolded) so an import → export round trip loses nothing.
    public var preserved: PreservedCalendarData

    public init(
        id: UUID = UUID(), title: String, notes: String = "", due: Date? = nil, place: Place? = nil,
        completedAt: Date? = nil, recurrence: Recurrence? = nil, repeatSchedule: RepeatSchedule? = nil,
        preserved: PreservedCalendarData = .init()
    ) throws(ValidationError) {
        self.id = id
        self.title = try Self.checkTitle(title)
        self.notes = try Self.checkNotes(notes)
        self.due = due
        self.place = place
        self.completedAt = completedAt
        self.recurrence = recurrence
        self.repeatSchedule = repeatSchedule
        self.preserved = preserved
    }

    /// Done: it was checked off (seed 3.1). A completed reminder no longer fires.
    public var isComplete: Bool { completedAt != nil }

    /// Neither a time nor a place: a plain to-do, which never alerts.
    public var isPlainToDo: Bool { due == nil && place == nil }

    /// The same reminder under another id (an import whose id another account holds). The UID it
    /// came with is kept for the export, so series and occurrences still share theirs.
    public func withID(_ newID: UUID) -> Reminder {
        var copy = self
        copy.preserved.uid = preserved.uid ?? id.uuidString
        copy.id = newID
        return copy
    }

    /// Checks a reminder whose `var` fields were changed after creation (an edit, seed 2.2) and
    /// returns it with the title trimmed.
    public func validated() throws(ValidationError) -> Reminder {
        var copy = self
        copy.title = try Self.checkTitle(title)
        copy.notes = try Self.checkNotes(notes)
        if let place { copy.place?.name = try Place.checkName(place.name) }
        return copy
    }

    public static func checkTitle(_ raw: String) throws(ValidationError) -> String {
        try RequiredText.check(
            raw, field: "title", maximumLength: titleMaximumLength,
            whenEmpty: "Give the reminder a title.", noun: "A reminder title", keys: .under("spots.error.title", "."))
    }

    public static func checkNotes(_ notes: String) throws(ValidationError) -> String {
        if notes.count > notesMaximumLength {
            throw ValidationError(field: "notes", "Notes have at most \(notesMaximumLength) characters.",
                                  key: "spots.error.notes_too_long", ["max": String(notesMaximumLength)])
        }
        return notes
    }
}
