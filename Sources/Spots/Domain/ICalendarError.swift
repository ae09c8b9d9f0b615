import CadenceCore
import Foundation

/// Something in an iCalendar file Cadence cannot read, with the line to look at and a message a
/// person can act on, e.g. "Line 7: DUE value '2024-13-01' is not a date." A whole file is refused
/// only when it is not iCalendar, its BEGIN/END do not pair up, or it is too large; a bad line
/// becomes an `ICalendarImport.Warning` and the rest is kept. The detail is in the catalogue too
/// (`localized`, a `spots.ical.error.` key whose English is `detail` with the file's own text as values),
/// so the web layer can say it in the person's language.
public struct ICalendarError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Equatable, Sendable, Codable {
        /// The file does not start with BEGIN:VCALENDAR (or has content outside one).
        case notICalendar
        /// BEGIN/END do not pair up.
        case unbalanced
        /// A line that is not `NAME;PARAM=value:value`.
        case malformedLine
        /// A date or date-time that cannot be read.
        case badDate
        /// A TZID that neither the file nor the system defines.
        case unknownTimeZone
        /// A location alarm whose coordinates cannot be read.
        case badLocation
        /// Larger than `ICalendar.maximumBytes` or `ICalendar.maximumLines`.
        case tooLarge
    }

    /// 1-based line number in the file as given (before unfolding); 0 when it concerns the whole file.
    public let line: Int
    public let kind: Kind
    /// The full message, starting with "Line N: " when a line is known.
    public let message: String
    /// The message without the line number.
    public let detail: String
    /// `detail` in the catalogue (its English is `detail`); the file's own text (a name, a value, a TZID) goes in
    /// as values, as it is.
    public let localized: MessageKey?

    public init(line: Int, kind: Kind, _ detail: String, key: String? = nil, _ arguments: [String: String] = [:]) {
        self.line = line
        self.kind = kind
        self.detail = detail
        self.localized = key.map { MessageKey($0, arguments) }
        self.message = line > 0 ? "Line \(line): \(detail)" : detail
    }

    public var description: String { message }
}
