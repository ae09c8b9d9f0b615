import CadenceCore
import Foundation

/// Repeating reminders (issue 22): a series is one reminder whose `due` is its current occurrence. Completing it keeps
/// the completed occurrence as an override of its own (as RFC 5545 clients do: same UID, RECURRENCE-ID, COMPLETED)
/// and moves the series to its next occurrence; the time alert fires once for each occurrence as it comes.
extension Reminder {
    /// The series' rule when Cadence can count its occurrences (a rule it reads and a schedule to count from).
    public var repeatRule: RecurrenceRule? {
        guard case .series(let text) = recurrence, repeatSchedule != nil else { return nil }
        return try? RecurrenceRule(parsing: text)
    }

    /// When the first occurrence due after `date` is due, or nil when the series has ended (COUNT, UNTIL), cannot
    /// be counted, or takes more than `RecurrenceRule.workLimit` to count (`nextOccurrence(after:)` says which).
    public func occurrence(after date: Date) -> Date? {
        if case .at(let next) = nextOccurrence(after: date) { return next }
        return nil
    }

    /// What looking for the first occurrence due after `date` found.
    public enum NextOccurrence: Equatable, Sendable {
        case at(Date)
        /// The series has ended (COUNT, UNTIL), has no occurrence within a century, or cannot be counted.
        case none
        /// Counting it would look at more than `RecurrenceRule.workLimit` candidate days.
        case tooMuchWork
    }

    public func nextOccurrence(after date: Date) -> NextOccurrence {
        guard let rule = repeatRule, let schedule = repeatSchedule else { return .none }
        let due = dues(of: rule, schedule, after: date, limit: 1)
        if let next = due.dates.first { return .at(next) }
        return due.end == .overLimit ? .tooMuchWork : .none
    }

    /// Up to `limit` occurrences due after `date`, in order, as due times (the start moved by the series' due offset).
    /// A rule that ends (COUNT, UNTIL) is counted to its end; one that does not, up to a century after `date` (a
    /// yearly rule on 29 February skips years; one on 30 February never comes).
    func dues(of rule: RecurrenceRule, _ schedule: RepeatSchedule, after date: Date, limit: Int) -> (dates: [Date], end: RecurrenceRule.CountEnd) {
        let exceptions = Set(schedule.exceptions)
        let through = rule.count != nil || rule.until != nil ? Self.farFuture : max(date, schedule.start).addingTimeInterval(100 * 365.25 * 86400)
        var found: [Date] = []
        let end = rule.walk(start: schedule.start, in: schedule.timeZone, through: through,
                            from: date.addingTimeInterval(-schedule.dueAfterStart), clock: schedule.writtenClock) { occurrence in
            let due = occurrence.addingTimeInterval(schedule.dueAfterStart)
            if due > date, !exceptions.contains(occurrence) { found.append(due) }
            return found.count < limit
        }
        return (found, end)
    }

    static let farFuture = Date(timeIntervalSince1970: 32_503_680_000)  // 3000-01-01

    /// The start (what RECURRENCE-ID names) of the occurrence the series stands at: the last one due at or before its
    /// due time (a snooze moves the due time, not the occurrence), else the series' start. Looked for in a window
    /// before the due time that widens until it finds one or reaches the start, rather than counted from the start.
    public var currentOccurrence: Date? {
        guard let rule = repeatRule, let schedule = repeatSchedule, let due else { return nil }
        let target = due.addingTimeInterval(-schedule.dueAfterStart)
        let exceptions = Set(schedule.exceptions)
        var window: TimeInterval = 400 * 86400
        while true {
            let from = target.addingTimeInterval(-window)
            var last: Date?
            let end = rule.walk(start: schedule.start, in: schedule.timeZone, through: target, from: from,
                                clock: schedule.writtenClock) { occurrence in
                if !exceptions.contains(occurrence) { last = occurrence }
                return true
            }
            if let last { return last }
            if from <= schedule.start || end == .overLimit { return schedule.start }
            window *= 8
        }
    }

    /// Checks off a repeating reminder: the current occurrence becomes a completed override (`completed`) and the
    /// series moves to the next one — or, when there is none, is itself completed (and `completed` is nil). A place
    /// reminder that repeats without a time ("every time I arrive at the gym") stays open; the override records the
    /// visit. Nil when this is not a series Cadence can move on (a plain reminder, or a rule it cannot count).
    public func completingOccurrence(at now: Date) -> (series: Reminder, completed: Reminder?)? {
        guard case .series = recurrence else { return nil }
        var series = self
        let original: Date
        if due == nil, place != nil {
            original = now
        } else {
            guard let current = currentOccurrence, let schedule = repeatSchedule else { return nil }
            original = current
            if let next = occurrence(after: current.addingTimeInterval(schedule.dueAfterStart)) {
                series.due = next
            } else {
                series.completedAt = now
                return (series, nil)
            }
        }
        return (series, override(of: original, completedAt: now))
    }

    /// One occurrence of this series, kept on its own: same title, notes and place, due when the occurrence was,
    /// sharing the series' UID and told apart by RECURRENCE-ID. Its id is derived from the series and the moment,
    /// so completing the same occurrence twice keeps one override.
    func override(of original: Date, completedAt: Date?) -> Reminder {
        let id = ICalendarUID.uuidV5(namespace: self.id, name: "occurrence:\(original.millisecondsSince1970)")
        var preserved = PreservedCalendarData(uid: preserved.uid ?? self.id.uuidString)
        preserved.items = [.line("RECURRENCE-ID:" + ICalDateValue.utcString(original))]
        var copy = withID(id)
        copy.due = repeatSchedule.map { original.addingTimeInterval($0.dueAfterStart) }
        copy.completedAt = completedAt
        copy.recurrence = .occurrence(originalStart: original)
        copy.repeatSchedule = nil
        copy.preserved = preserved
        if let place {
            copy.place?.fence = (try? Fence(id: ICalendarUID.uuidV5(namespace: id, name: "place"), center: place.fence.center,
                                            radius: place.fence.radius, trigger: place.fence.trigger)) ?? place.fence
        }
        return copy
    }
}

extension Reminder {
    /// Makes this reminder repeat by `rule` (RRULE text) counted in `zone`, leaving out `exceptions`; nil stops it
    /// repeating. A series keeps counting from its first occurrence while its due time, rule and zone stay as they
    /// were (`previousDue` is the due time before this edit; a due time that is one of its occurrences counts as
    /// unchanged); otherwise it starts again from its due time. A place reminder may repeat without a time ("every
    /// time I arrive"). Errors are for field `repeat`.
    public mutating func setRepeat(rule text: String?, exceptions: [Date], zone: String, previousDue: Date?) throws(ValidationError) {
        let previous = (recurrence, repeatSchedule)
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            if case .series = recurrence { recurrence = nil }
            repeatSchedule = nil
            dropSeriesLines(including: [])
            return
        }
        let rule = try RecurrenceRule(parsing: text)
        guard TimeZone(identifier: zone) != nil else {
            throw ValidationError(field: "timeZone", "“\(zone)” is not a time zone name such as Europe/Madrid.",
                                  key: "spots.error.time_zone", ["zone": zone])
        }
        guard due != nil || place != nil else {
            throw ValidationError(field: "repeat", "A repeating reminder needs a due time or a place.",
                                  key: "spots.error.repeat_needs_due")
        }
        if case .occurrence = recurrence {
            throw ValidationError(field: "repeat", "This is one occurrence of a repeating reminder; change the repeat on the series.",
                                  key: "spots.error.repeat_occurrence")
        }
        var previousRule: RecurrenceRule?
        if case .series(let oldText)? = previous.0 { previousRule = try? RecurrenceRule(parsing: oldText) }
        let sameRule = previousRule == rule
        // The same rule keeps the text it was written with (another program's part order, say).
        if !sameRule { recurrence = .series(rule: rule.text) }
        if let due {
            var schedule = RepeatSchedule(start: due, zone: zone, exceptions: exceptions.sorted())
            if sameRule, let old = previous.1, old.zone == zone,
               due == previousDue || currentOccurrence(of: old)?.addingTimeInterval(old.dueAfterStart) == due {
                schedule.start = old.start
                schedule.dueAfterStart = old.dueAfterStart
            }
            // Starting at the same moment it keeps the time it was written with (a start inside a gap the zone skips).
            if let old = previous.1, old.zone == zone, old.start == schedule.start { schedule.writtenClock = old.writtenClock }
            repeatSchedule = schedule
        } else {
            repeatSchedule = nil
        }
        let sameStart = previous.1?.start == repeatSchedule?.start && previous.1?.zone == repeatSchedule?.zone
        if !sameRule || previous.1?.exceptions != repeatSchedule?.exceptions || !sameStart {
            // The file's own lines no longer say it: the export writes them from the schedule (DTSTART when it moved).
            dropSeriesLines(including: sameStart ? [] : ["DTSTART"])
        }
    }

    /// Whether `due` is an occurrence of a series counted by `schedule` (so keeping its start keeps the same series).
    private func currentOccurrence(of schedule: RepeatSchedule) -> Date? {
        var copy = self
        copy.repeatSchedule = schedule
        return copy.currentOccurrence
    }

    /// Removes the preserved RRULE and EXDATE lines (Cadence writes them from the schedule) and any of `names`.
    mutating func dropSeriesLines(including names: Set<String>) {
        let dropped = names.union(["RRULE", "EXDATE"])
        preserved.items.removeAll { item in
            guard case .line(let raw) = item else { return false }
            return dropped.contains(ICalKnown.propertyName(raw))
        }
    }
}
