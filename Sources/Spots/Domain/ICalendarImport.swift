import CadenceCore
import Foundation

/// What an iCalendar file gave: every task as a reminder, and the lines Cadence could not read.
public struct ICalendarImport: Equatable, Sendable {
    /// A line that could not be read, and what Cadence did instead, as a person reads it:
    /// "'PERCENT_COMPLETE:100' is not a property: … The line was skipped."
    public struct Warning: Equatable, Sendable {
        /// 1-based line in the file as given (before unfolding).
        public let line: Int
        /// In English, for programs, logs and anything without a catalogue.
        public let reason: String
        /// `reason` in the catalogue: its parts (what was wrong, then what was done instead), said one after the
        /// other with a space between, as `reason` joins them. Empty when a part has no key yet (then `reason` is
        /// said as it is).
        public let reasonKeys: [MessageKey]

        public init(line: Int, reason: String, reasonKeys: [MessageKey] = []) {
            self.line = line
            self.reason = reason
            self.reasonKeys = reasonKeys
        }

        init(_ error: ICalendarError, then action: Action) {
            self.init(line: error.line, reason: error.detail + " " + action.english,
                      reasonKeys: error.localized.map { [$0, action.localized] } ?? [])
        }

        /// The same warning whether or not its words have moved to the catalogue yet.
        public static func == (lhs: Warning, rhs: Warning) -> Bool {
            lhs.line == rhs.line && lhs.reason == rhs.reason
        }
    }

    /// What the import did with a line it could not read, said after what was wrong with it.
    public enum Action: String, Sendable, CaseIterable {
        case lineSkipped = "line_skipped"
        case lineKept = "line_kept"
        case lineKeptWithoutPlace = "line_kept_no_place"
        case alarmKept = "alarm_kept"
        case alarmKeptWithoutPlace = "alarm_kept_no_place"
        case exceptionLeftOut = "exception_left_out"

        public var english: String {
            switch self {
            case .lineSkipped: "The line was skipped."
            case .lineKept: "The line was kept as it is."
            case .lineKeptWithoutPlace: "The line was kept as it is; the task has no place from it."
            case .alarmKept: "The alarm was kept as it is."
            case .alarmKeptWithoutPlace: "The alarm was kept as it is, without a place."
            case .exceptionLeftOut: "That exception was left out."
            }
        }

        /// `english` in the catalogue.
        public var localized: MessageKey { MessageKey("spots.ical.action." + rawValue) }
    }

    public var reminders: [Reminder]
    /// In line order.
    public var warnings: [Warning]
}
