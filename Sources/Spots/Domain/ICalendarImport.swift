import CadenceCore
import Foundation

/// What an iCalendar file gave: every task as a reminder, and the lines Cadence could not read.
public struct ICalendarImport: Equatable, Sendable {
    /// A line that could not be read, and what Cadence did instead, as a person reads it:
    /// "'PERCENT_COMPLETE:100' is not a property: … The line was skipped."
    public struct Warning: Equatable, Sendable {
        /// 1-based line in the file as given (before unfolding).
        public let line: Int
        public let reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        init(_ error: ICalendarError, then action: String) {
            self.init(line: error.line, reason: error.detail + " " + action)
        }
    }

    public var reminders: [Reminder]
    /// In line order.
    public var warnings: [Warning]
}
