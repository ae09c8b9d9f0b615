import CadenceCore
import Foundation
import Spots

/// A reminder as a person wrote it — the API's JSON, the phone's form — before the rules make it one. Both read
/// their input into a draft and make the reminder here, so an edit is merged with what it edits the same way
/// wherever it comes from: the place's fence keeps its id, the repeat stays unless the draft says otherwise, and a
/// series whose due time moved counts from the new time.
public struct ReminderDraft: Sendable {
    /// The place as written: the trigger as text ("arrive" or "leave"; default arrive), the radius in metres
    /// (default `Fence.defaultRadius`).
    public struct PlaceDraft: Sendable {
        public var name: String
        public var latitude: Double
        public var longitude: Double
        public var radius: Double?
        public var trigger: String?

        public init(name: String, latitude: Double, longitude: Double, radius: Double? = nil, trigger: String? = nil) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.radius = radius
            self.trigger = trigger
        }
    }

    public var title: String
    public var notes: String?
    public var due: Date?
    public var place: PlaceDraft?
    /// `.none`: the repeat stays as it was; `.some(nil)` or "": no repeat; else an RRULE value ("FREQ=WEEKLY;BYDAY=MO,WE").
    public var repeatRule: String??
    /// Occurrences left out (EXDATE).
    public var repeatExceptions: [Date]
    /// The IANA zone a repeat counts days and times in; default the series' own, else the browser's, else UTC.
    public var timeZone: String?

    public init(title: String, notes: String? = nil, due: Date? = nil, place: PlaceDraft? = nil, repeatRule: String?? = .none,
                repeatExceptions: [Date] = [], timeZone: String? = nil) {
        self.title = title
        self.notes = notes
        self.due = due
        self.place = place
        self.repeatRule = repeatRule
        self.repeatExceptions = repeatExceptions
        self.timeZone = timeZone
    }

    /// The reminder this draft makes under `id`. `existing`: the reminder it edits (its fence id, repeat and the
    /// iCalendar properties Cadence does not read are kept). `browserZone`: where a new repeat counts when the draft
    /// names no zone. Refusals name the field as the API has it (`place.radius`, `repeatRule`).
    public func reminder(id: UUID, keeping existing: Reminder? = nil, browserZone: TimeZone?) throws -> Reminder {
        var reminder = try Reminder(id: id, title: title, notes: notes ?? "", due: due, place: try place.map { try Self.place($0, keeping: existing) },
                                    recurrence: existing?.recurrence, repeatSchedule: existing?.repeatSchedule,
                                    preserved: existing?.preserved ?? .init())
        if case .some(let rule) = repeatRule {
            let zone = timeZone ?? existing?.repeatSchedule?.zone ?? browserZone?.identifier ?? "UTC"
            do {
                try reminder.setRepeat(rule: rule, exceptions: repeatExceptions, zone: zone, previousDue: existing?.due)
            } catch {
                throw error.naming(error.field == "repeat" ? "repeatRule" : error.field)
            }
        } else if reminder.repeatSchedule != nil, let due = reminder.due, existing?.due != due {
            // The due time moved and the rule stays: the series now counts from the new time.
            try reminder.setRepeat(rule: reminder.repeatRule?.text, exceptions: reminder.repeatSchedule?.exceptions ?? [],
                                   zone: timeZone ?? reminder.repeatSchedule!.zone, previousDue: existing?.due)
        }
        return reminder
    }

    private static func place(_ draft: PlaceDraft, keeping existing: Reminder?) throws -> Place {
        var trigger = FenceTrigger.arrive
        if let text = draft.trigger {
            guard let chosen = FenceTrigger(rawValue: text) else {
                throw ValidationError(field: "place.trigger", "The trigger is arrive or leave.", key: "spots.error.trigger")
            }
            trigger = chosen
        }
        do {
            let center = try Coordinate(latitude: draft.latitude, longitude: draft.longitude)
            let fence = try Fence(id: existing?.place?.fence.id ?? UUID(), center: center,
                                  radius: draft.radius ?? Fence.defaultRadius, trigger: trigger)
            return try Place(name: draft.name, fence: fence)
        } catch {
            throw error.naming(error.field.hasPrefix("place") ? error.field : "place.\(error.field)")
        }
    }
}
