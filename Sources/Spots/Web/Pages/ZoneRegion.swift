import Foundation

/// Where a new reminder's map opens when it has no place yet: the person's region, taken from their time zone's own
/// place in the tz database (`zone1970.tab`: Europe/Madrid is at 40°24′N 3°41′W), so the first tap lands near home
/// rather than on a map of the world. Nil where the system has no tz database or the zone is not in it (UTC).
enum ZoneRegion {
    /// Latitude and longitude of each zone in the system's tz database, read once.
    private static let coordinates: [String: (Double, Double)] = {
        guard let text = try? String(contentsOfFile: "/usr/share/zoneinfo/zone1970.tab", encoding: .utf8) else { return [:] }
        var table: [String: (Double, Double)] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let point = parse(fields[1]) else { continue }
            table[String(fields[2])] = point
        }
        return table
    }()

    static func center(of zone: TimeZone) -> (latitude: Double, longitude: Double)? {
        coordinates[zone.identifier].map { (latitude: $0.0, longitude: $0.1) }
    }

    /// ISO 6709 as the tz database writes it: ±DDMM±DDDMM or ±DDMMSS±DDDMMSS.
    static func parse(_ text: Substring) -> (Double, Double)? {
        guard let split = text.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        func degrees(_ part: Substring, degreeDigits: Int) -> Double? {
            guard let sign = part.first, sign == "+" || sign == "-" else { return nil }
            let digits = Array(part.dropFirst())
            guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4, digits.allSatisfy(\.isNumber) else { return nil }
            let number = { (range: Range<Int>) in Double(String(digits[range]))! }
            var value = number(0..<degreeDigits) + number(degreeDigits..<(degreeDigits + 2)) / 60
            if digits.count == degreeDigits + 4 { value += number((degreeDigits + 2)..<(degreeDigits + 4)) / 3600 }
            return sign == "-" ? -value : value
        }
        guard let latitude = degrees(text[..<split], degreeDigits: 2), let longitude = degrees(text[split...], degreeDigits: 3) else { return nil }
        return (latitude, longitude)
    }
}
