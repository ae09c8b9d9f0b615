import Foundation

/// The VTIMEZONE a file needs for each TZID it uses (RFC 5545 §3.6.5), made from the system's rules for a zone: one
/// observance per kind of change (to summer time, to winter time), each with its first onset as DTSTART and the later
/// ones as RDATEs, over the years a series can reach. Explicit dates rather than a yearly rule: correct whatever the
/// zone's history, and every reader (Cadence's `ICalTimeZoneRules` included) understands them.
enum ICalTimeZoneWriter {
    static func component(for zone: TimeZone, from start: Date, through end: Date) -> [String] {
        struct Change { let at: Date; let from: Int; let to: Int; let daylight: Bool }
        var changes: [Change] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next <= end, changes.count < 400 {
            changes.append(Change(at: next, from: zone.secondsFromGMT(for: next.addingTimeInterval(-1)), to: zone.secondsFromGMT(for: next),
                                  daylight: zone.isDaylightSavingTime(for: next)))
            cursor = next
        }
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + zone.identifier, "X-LIC-LOCATION:" + zone.identifier]
        if changes.isEmpty {
            let offset = offsetText(zone.secondsFromGMT(for: start))
            return lines + ["BEGIN:STANDARD", "TZOFFSETFROM:" + offset, "TZOFFSETTO:" + offset, "DTSTART:19700101T000000",
                            "END:STANDARD", "END:VTIMEZONE"]
        }
        // Observances in the order they first occur; onsets are the wall time just before the change (RFC 5545).
        var kinds: [(from: Int, to: Int, daylight: Bool)] = []
        for change in changes where !kinds.contains(where: { $0 == (change.from, change.to, change.daylight) }) {
            kinds.append((change.from, change.to, change.daylight))
        }
        for kind in kinds {
            let onsets = changes.filter { ($0.from, $0.to, $0.daylight) == kind }.map { wallText($0.at, offset: kind.from) }
            let name = kind.daylight ? "DAYLIGHT" : "STANDARD"
            lines += ["BEGIN:" + name, "TZOFFSETFROM:" + offsetText(kind.from), "TZOFFSETTO:" + offsetText(kind.to), "DTSTART:" + onsets[0]]
            if onsets.count > 1 { lines.append("RDATE:" + onsets.dropFirst().joined(separator: ",")) }
            lines.append("END:" + name)
        }
        return lines + ["END:VTIMEZONE"]
    }

    /// "+0100", "-0430".
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + String(format: "%02d%02d", minutes / 60, minutes % 60)
    }

    /// The wall-clock time at `date` in a zone `offset` seconds from UTC, as a floating DATE-TIME.
    static func wallText(_ date: Date, offset: Int) -> String {
        let c = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date.addingTimeInterval(TimeInterval(offset)))
        return String(format: "%04d%02d%02dT%02d%02d%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}
