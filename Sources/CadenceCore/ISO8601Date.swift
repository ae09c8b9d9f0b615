import Foundation

/// Date-times as the API takes them (RFC 3339 / ISO 8601 with a zone, like 2026-11-23T09:30:00Z,
/// 2026-11-23T10:30:00+01:00 or 2026-11-23T09:30:00.250Z). Foundation's parser rolls fields that are out of range over
/// ("12:99" becomes 13:39, 30 February becomes 2 March), which would store a time nobody sent;
/// those are refused here before Foundation reads the rest.
public enum ISO8601Date {
    public static func parse(_ text: String) -> Date? {
        guard fieldsInRange(text) else { return nil }
        // With a fraction of a second (RFC 3339's time-secfrac), as a browser's toISOString() writes it.
        return ISO8601DateFormatter().date(from: text) ?? fractional.date(from: text)
    }

    private static var fractional: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }

    /// False when the date, time or zone offset has a field outside its range (a leap second,
    /// :60, is allowed as RFC 3339 allows it). Text of another shape is left to Foundation.
    static func fieldsInRange(_ text: String) -> Bool {
        guard let m = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):?(\d{2}))/),
              let year = Int(m.1), let month = Int(m.2), let day = Int(m.3),
              let hour = Int(m.4), let minute = Int(m.5), let second = Int(m.6)
        else { return true }
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else {
            return false
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return false }
        if let offsetHours = m.7.flatMap({ Int($0) }), let offsetMinutes = m.8.flatMap({ Int($0) }) {
            return (0...23).contains(offsetHours) && (0...59).contains(offsetMinutes)
        }
        return true
    }
}
