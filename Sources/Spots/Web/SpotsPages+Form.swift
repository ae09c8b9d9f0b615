import CadenceCore
import Foundation
import Hummingbird
import Spots
import SpotsService
import Web

// How the Spots pages read their forms and write dates, times and distances, in the browser's zone.
extension SpotsPages {
    // MARK: Reading the form

    /// The form's reminder, checked by the same rules as the API (Reminder, Place, Fence).
    static func reminder(from form: [String: String], id: UUID, keeping existing: Reminder?) throws -> Reminder {
        func field(_ name: String) -> String { (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        let due = try parseDue(field("due"), zone: field("tz"))
        var place: ReminderDraft.PlaceDraft?
        let (latitudeText, longitudeText) = (field("latitude"), field("longitude"))
        if !latitudeText.isEmpty || !longitudeText.isEmpty {
            guard let latitude = Double(latitudeText), let longitude = Double(longitudeText) else {
                throw ValidationError(field: "place.latitude", "Pick the place: tap the map or search for it by name.",
                                      key: "spots.error.pick_place")
            }
            var radius: Double?
            if !field("radius").isEmpty {
                guard let value = Double(field("radius")) else {
                    throw ValidationError(field: "place.radius", "The radius is a number of metres, from 50 to 50,000.",
                                          key: "spots.error.radius_number")
                }
                radius = value
            }
            place = ReminderDraft.PlaceDraft(name: form["placeName"] ?? "", latitude: latitude, longitude: longitude, radius: radius,
                                             trigger: field("trigger").isEmpty ? nil : field("trigger"))
        }
        let zone = TimeZoneName.parse(field("tz")) ?? TimeZone(identifier: "UTC")!
        let (rule, exceptions) = try SpotsRepeatFields.rule(from: form, due: due, zone: zone)
        // A rule the controls cannot show comes back as the text it was: kept as it is, even one Cadence cannot count.
        let unchanged: Bool = if case .series(let old)? = existing?.recurrence { rule == old && field("repeat") == "custom" } else { false }
        let draft = ReminderDraft(title: form["title"] ?? "", notes: form["notes"] ?? "", due: due, place: place,
                                  repeatRule: unchanged ? .none : .some(rule), repeatExceptions: exceptions,
                                  // A series keeps counting in its own zone when edited from another one.
                                  timeZone: existing?.repeatSchedule?.zone
                                      ?? (TimeZone(identifier: zone.identifier) != nil ? zone.identifier : nil))
        return try draft.reminder(id: id, keeping: existing, browserZone: zone)
    }

    /// A `datetime-local` value ("2026-05-01T09:30", seconds optional) read in `zone`: an IANA
    /// name or an offset such as "+02:00"; UTC when empty (the browser ran no script).
    static func parseDue(_ text: String, zone: String) throws -> Date? {
        guard !text.isEmpty else { return nil }
        let timeZone = TimeZoneName.parse(zone) ?? TimeZone(identifier: "UTC")!
        for format in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd HH:mm"] {
            if let date = formatter(format, timeZone).date(from: text) { return date }
        }
        throw ValidationError(field: "due", "Enter the due time as a date and a time, e.g. 2026-05-01 09:30.",
                              key: "spots.error.due_format")
    }

    static func zone(_ request: Request) -> TimeZone {
        request.browserZone ?? TimeZone(identifier: "UTC")!
    }

    /// Where Complete and Reopen go back to: a Spots page, never another site.
    static func backPath(_ text: String?) -> String? {
        guard let text, text.hasPrefix("/phone/spots"), !text.contains("//"), !text.contains("\\") else { return nil }
        return text
    }

    // MARK: Formatting

    static func id(_ id: UUID) -> String { id.uuidString.lowercased() }

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    static func formatter(_ format: String, _ zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = calendar(zone)
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter
    }

    /// Dates as the pages write them in `language`: English keeps its fixed pattern ("Fri 1 May 2026, 09:30"); another
    /// language takes the pattern's fields in its own order and words ("vie, 1 may 2026, 9:30").
    static func formatter(_ pattern: String, _ zone: TimeZone, _ language: Language) -> DateFormatter {
        let formatter = formatter(pattern, zone)
        guard !Recurrence.writesFixedEnglish(language) else { return formatter }
        formatter.locale = Locale(identifier: language.localeIdentifier)
        formatter.setLocalizedDateFormatFromTemplate(pattern.filter(\.isLetter))
        return formatter
    }

    /// A label that stands alone (a heading, a choice) with its first letter a capital, as the language writes it.
    static func capitalized(_ text: String, _ language: Language) -> String {
        guard let first = text.first else { return text }
        return String(first).uppercased(with: Locale(identifier: language.localeIdentifier)) + text.dropFirst()
    }

    static func iso(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// Coordinates and radii without a trailing ".0" or float noise.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.6f", value)
            .replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
    }

    static func distance(_ metres: Double, _ language: Language = .english) -> String {
        if Recurrence.writesFixedEnglish(language) {
            return metres >= 1000 ? String(format: "%.1f km", metres / 1000).replacingOccurrences(of: ".0 km", with: " km") : "\(Int(metres.rounded())) m"
        }
        let format = LocaleFormat(language: language)
        guard metres >= 1000 else { return format.integer(Int(metres.rounded())) + " m" }
        let tenths = (metres / 100).rounded()
        return (tenths.truncatingRemainder(dividingBy: 10) == 0 ? format.integer(Int(tenths / 10)) : format.decimal(tenths / 10)) + " km"
    }
}
