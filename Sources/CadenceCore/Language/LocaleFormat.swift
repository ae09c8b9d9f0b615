import Foundation

/// Dates, times, numbers and durations as a language's readers write them, in the locale's own patterns ("27 nov 2026, 14:05" in Spanish,
/// "27 Nov 2026 at 14:05" in English), in the person's time zone.
public struct LocaleFormat: Sendable {
    public let language: Language
    public let locale: Locale

    public init(language: Language) {
        self.language = language
        locale = Locale(identifier: language.localeIdentifier)
    }

    public func integer(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    public func decimal(_ value: Double, fractionDigits: Int = 1) -> String {
        value.formatted(.number.precision(.fractionLength(fractionDigits)).locale(locale))
    }

    /// A measured number as a sentence gives it: whole numbers plain, others with one decimal ("3,060", "3.5").
    public func number(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(0...1)).locale(locale))
    }

    /// A file's size as a file manager counts it (decimal units: 1 KB = 1,000 bytes), with the language's decimal
    /// mark: "70.2 GB", "70,2 GB", "512 bytes".
    public func fileSize(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return "\(integer(Int(bytes))) bytes" }
        var value = Double(bytes) / 1000
        var unit = 0
        let units = ["KB", "MB", "GB", "TB"]
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return decimal(value, fractionDigits: value < 10 || unit > 0 ? 1 : 0) + " " + units[unit]
    }

    /// "27 Nov 2026".
    public func date(_ date: Date, zone: TimeZone = .gmt) -> String {
        date.formatted(style(zone).day().month(.abbreviated).year())
    }

    /// "14:05".
    public func time(_ date: Date, zone: TimeZone = .gmt) -> String {
        date.formatted(style(zone).hour(.twoDigits(amPM: .omitted)).minute(.twoDigits))
    }

    /// "27 Nov 2026 at 14:05", "27 nov 2026, 14:05".
    public func dateTime(_ date: Date, zone: TimeZone = .gmt) -> String {
        date.formatted(style(zone).day().month(.abbreviated).year().hour(.twoDigits(amPM: .omitted)).minute(.twoDigits))
    }

    /// A length of time as a clock reads it: "4:05" or "1:02:03".
    public func duration(seconds: Int) -> String {
        let total = max(0, seconds)
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest)
            : String(format: "%d:%02d", minutes, rest)
    }

    private func style(_ zone: TimeZone) -> Date.FormatStyle {
        var style = Date.FormatStyle(locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: zone)
        style.capitalizationContext = .standalone
        return style
    }
}
