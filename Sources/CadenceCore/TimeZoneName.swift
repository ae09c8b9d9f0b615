import Foundation

/// The zone a browser names ("Europe/Berlin", or an offset such as "+02:00" where it knows no name), as the pages
/// send it in the `cadence_tz` cookie and in `?tz=`.
public enum TimeZoneName {
    public static let cookie = "cadence_tz"

    /// Nil for anything that is not an IANA name or an offset of at most 14 hours ("+2", "-0530", "+05:30").
    public static func parse(_ text: String) -> TimeZone? {
        guard !text.isEmpty, text.count <= 64 else { return nil }
        if let zone = TimeZone(identifier: text) { return zone }
        let sign: Int
        switch text.first {
        case "+": sign = 1
        case "-": sign = -1
        default: return nil
        }
        let digits = text.dropFirst().replacingOccurrences(of: ":", with: "")
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
        let (hours, minutes) = digits.count <= 2 ? (number, 0) : (number / 100, number % 100)
        guard hours <= 14, minutes < 60 else { return nil }
        return TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60))
    }
}
