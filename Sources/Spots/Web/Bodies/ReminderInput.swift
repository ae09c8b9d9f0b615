import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

extension SpotsAPI {
    /// A reminder's JSON as `POST` and `PUT …/reminders` take it.
    struct ReminderInput: Decodable {
        let title: String
        let notes: String?
        let due: Date?
        let place: PlaceBody?
        /// Absent: the repeat stays as it was; null or "": no repeat; else an RRULE value ("FREQ=WEEKLY;BYDAY=MO,WE").
        let repeatRule: String??
        /// Occurrences left out (EXDATE).
        let repeatExceptions: [Date]
        /// The IANA zone a repeat counts days and times in; default the series' own, else the browser's, else UTC.
        let timeZone: String?
        /// The task list (its address, as `GET /lists` gives it); absent: where it is, or Reminders for a new one.
        var list: String? = nil

        enum CodingKeys: String, CodingKey { case title, notes, due, place, repeatRule, repeatExceptions, timeZone, list }

        /// What the body says, for the rules to make a reminder of (`ReminderDraft.reminder`).
        var draft: ReminderDraft {
            ReminderDraft(title: title, notes: notes, due: due,
                          place: place.map { .init(name: $0.name, latitude: $0.latitude, longitude: $0.longitude, radius: $0.radius, trigger: $0.trigger) },
                          repeatRule: repeatRule, repeatExceptions: repeatExceptions, timeZone: timeZone)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            notes = try container.decodeIfPresent(String.self, forKey: .notes)
            place = try container.decodeIfPresent(PlaceBody.self, forKey: .place)
            // Parsed here so a bad value names the field (Foundation's date decoding loses the path).
            if let text = try container.decodeIfPresent(String.self, forKey: .due) {
                guard let date = ISO8601Date.parse(text) else {
                    throw ValidationError(field: "due", "The due time is an ISO 8601 date and time with its zone, like 2026-11-23T09:30:00Z.",
                                          key: "spots.error.due_iso")
                }
                due = date
            } else {
                due = nil
            }
            repeatRule = container.contains(.repeatRule) ? .some(try container.decodeIfPresent(String.self, forKey: .repeatRule)) : .none
            timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
            list = try container.decodeIfPresent(String.self, forKey: .list)
            var exceptions: [Date] = []
            for (index, text) in (try container.decodeIfPresent([String].self, forKey: .repeatExceptions) ?? []).enumerated() {
                guard let date = ISO8601Date.parse(text) else {
                    throw ValidationError(field: "repeatExceptions[\(index)]", "Each exception is an ISO 8601 date and time with its zone.",
                                          key: "spots.error.exception_iso")
                }
                exceptions.append(date)
            }
            repeatExceptions = exceptions
        }
    }
}
