import Foundation

/// How a reminder belongs to a repeating task that another program wrote (RFC 5545 §3.8.5.3 RRULE,
/// §3.8.4.4 RECURRENCE-ID). eM Client and Thunderbird export a repeating task as the series plus
/// one VTODO per occurrence changed on its own (a completed one, typically), all with the same UID.
/// Cadence keeps each as a reminder of its own and says which is which. A series whose rule
/// `RecurrenceRule` reads, with a `RepeatSchedule`, repeats (`Reminder+Repeat`); one Cadence cannot
/// count (BYSETPOS, hourly…) keeps its rule as text and reminds at its own due time.
public enum Recurrence: Equatable, Sendable, Codable {
    /// The series: repeats by `rule`, the RRULE value as written ("FREQ=WEEKLY;INTERVAL=2").
    case series(rule: String)
    /// One occurrence of a series, changed on its own: the one originally due at `originalStart`.
    case occurrence(originalStart: Date)
}
