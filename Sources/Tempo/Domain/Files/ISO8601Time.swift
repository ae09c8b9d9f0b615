import CadenceCore
import Foundation

/// ISO 8601 timestamps ⇄ milliseconds since 1970, by hand.
///
/// Hand-written because files disagree on the details (`Z`, `+02:00`, `+0200`, no zone at all,
/// no fraction, 3 or 6 fraction digits) and because `ISO8601DateFormatter` needs a different
/// configuration for each and is slow on a 36,000-point file.
public enum ISO8601Time {
    /// Parses `YYYY-MM-DDThh:mm:ss[.fff…][Z|±hh:mm|±hhmm|±hh]`. A `T`, `t` or space separates
    /// date and time. Without a zone the time is taken as UTC (GPX mandates UTC; TCX writers
    /// that omit the zone mean UTC in practice). Fractions beyond milliseconds are truncated.
    public static func parse(_ text: String) -> Int64? {
        var s = text.utf8[...]
        while let f = s.first, f == 0x20 || f == 0x09 || f == 0x0A || f == 0x0D { s = s.dropFirst() }
        while let l = s.last, l == 0x20 || l == 0x09 || l == 0x0A || l == 0x0D { s = s.dropLast() }
        let b = Array(s)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in 0..<n {
                let c = b[i + k]
                guard c >= 0x30, c <= 0x39 else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            i += n
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1; return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2) else { return nil }
        guard i < b.count, b[i] == 0x54 || b[i] == 0x74 || b[i] == 0x20 else { return nil }
        i += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2) else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60 else { return nil }
        var millis = 0
        if i < b.count, b[i] == 0x2E || b[i] == 0x2C {
            i += 1
            var n = 0
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                if n < 3 { millis = millis * 10 + Int(b[i] - 0x30) }
                n += 1; i += 1
            }
            guard n > 0 else { return nil }
            for _ in n..<max(n, 3) { millis *= 10 }
        }
        var offsetMinutes = 0
        if i < b.count {
            let c = b[i]
            if c == 0x5A || c == 0x7A {
                i += 1
            } else if c == 0x2B || c == 0x2D {
                i += 1
                guard let oh = digits(2) else { return nil }
                var om = 0
                if i < b.count {
                    _ = expect(0x3A)
                    guard let m = digits(2) else { return nil }
                    om = m
                }
                guard oh <= 23, om <= 59 else { return nil }
                offsetMinutes = (oh * 60 + om) * (c == 0x2D ? -1 : 1)
            } else {
                return nil
            }
        }
        guard i == b.count else { return nil }
        let days = CivilDays.days(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        return seconds * 1000 + Int64(millis)
    }

    /// `2024-05-01T07:30:00Z`, or `2024-05-01T07:30:00.250Z` when the milliseconds aren't zero:
    /// whole seconds stay short and readable, sub-second samples keep their precision.
    public static func format(_ ms: Int64) -> String {
        var secs = ms / 1000
        var millis = ms % 1000
        if millis < 0 { millis += 1000; secs -= 1 }
        var days = secs / 86_400
        var rem = secs % 86_400
        if rem < 0 { rem += 86_400; days -= 1 }
        let (y, m, d) = CivilDays.date(fromDays: Int(days))
        let hh = Int(rem / 3600), mm = Int(rem % 3600 / 60), ss = Int(rem % 60)
        var out = pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T" + pad(hh, 2) + ":" + pad(mm, 2) + ":" + pad(ss, 2)
        if millis != 0 { out += "." + pad(Int(millis), 3) }
        return out + "Z"
    }

    private static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
