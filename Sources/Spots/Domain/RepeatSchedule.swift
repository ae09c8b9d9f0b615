import Foundation

/// When a repeating reminder's occurrences fall: its rule (`Recurrence.series`) counted from `start` in `zone`, less
/// `exceptions` (RFC 5545 DTSTART, RRULE, EXDATE). Counting in a named zone keeps 09:00 at 09:00 across a change of
/// daylight saving time, which is what a person who said "every morning at nine" means.
public struct RepeatSchedule: Equatable, Sendable, Codable {
    /// The series' first occurrence (DTSTART): the moment the rule counts from, and what RECURRENCE-ID names.
    public var start: Date
    /// How long after its start each occurrence is due (DUE − DTSTART in a file; 0 for a series made in Cadence).
    public var dueAfterStart: TimeInterval
    /// The IANA zone the rule's days and wall-clock time are counted in ("Europe/Amsterdam", "UTC").
    public var zone: String
    /// Occurrences left out (EXDATE), as the moments they would have fallen on.
    public var exceptions: [Date]
    /// The wall-clock time DTSTART was written with, when the zone skips it on that day (02:30 on a spring-forward
    /// morning): the first occurrence moves to the moment after the gap, the later ones keep 02:30 (RFC 5545
    /// §3.3.5). Nil when the start's own time in `zone` is the time to keep.
    public var writtenClock: ClockTime?

    /// A time of day on the wall clock.
    public struct ClockTime: Equatable, Sendable, Codable {
        public var hour: Int, minute: Int, second: Int

        public init(hour: Int, minute: Int, second: Int) {
            self.hour = hour
            self.minute = minute
            self.second = second
        }
    }

    public init(start: Date, dueAfterStart: TimeInterval = 0, zone: String, exceptions: [Date] = [], writtenClock: ClockTime? = nil) {
        self.start = start
        self.dueAfterStart = dueAfterStart
        self.zone = zone
        self.exceptions = exceptions
        self.writtenClock = writtenClock
    }

    /// When the series is first due.
    public var firstDue: Date { start.addingTimeInterval(dueAfterStart) }

    public var timeZone: TimeZone { TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0)! }
}
