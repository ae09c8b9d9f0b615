import CadenceCore
import Foundation

/// A DATE (`20240305`) or DATE-TIME (`20240305T090000`, `…Z`) value as written.
struct ICalDateValue: Equatable, Sendable {
    var year: Int, month: Int, day: Int
    var hour = 0, minute = 0, second = 0
    var isDate: Bool
    var isUTC: Bool

    /// Strict RFC 5545 §3.3.4/§3.3.5 form with range checks (month 1–12, day within the month, …).
    static func parse(_ text: String) -> ICalDateValue? {
        let s = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard i < s.count, s[i] >= 0x30, s[i] <= 0x39 else { return nil }
                value = value * 10 + Int(s[i] - 0x30)
            }
            return value
        }
        guard s.count == 8 || s.count == 15 || s.count == 16,
            let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8),
            (1...12).contains(month), day >= 1, day <= CivilDays.daysInMonth(year: year, month: month)
        else { return nil }
        if s.count == 8 { return ICalDateValue(year: year, month: month, day: day, isDate: true, isUTC: false) }
        guard s[8] == UInt8(ascii: "T"), let hour = digits(9..<11), let minute = digits(11..<13),
            let second = digits(13..<15), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        if s.count == 16 && s[15] != UInt8(ascii: "Z") && s[15] != UInt8(ascii: "z") { return nil }
        return ICalDateValue(
            year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59),
            isDate: false, isUTC: s.count == 16)
    }

    /// Seconds since 1970 reading the wall-clock fields as if they were UTC.
    var wallSeconds: Int64 {
        Int64(CivilDays.days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    var components: DateComponents {
        DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    static func utcString(_ date: Date) -> String {
        let total = Int64(floor(date.timeIntervalSince1970))
        let days = Int(total >= 0 ? total / 86_400 : (total - 86_399) / 86_400)
        let secondsOfDay = Int(total - Int64(days) * 86_400)
        let (y, m, d) = CivilDays.date(fromDays: days)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", y, m, d, secondsOfDay / 3600, secondsOfDay / 60 % 60, secondsOfDay % 60)
    }
}
