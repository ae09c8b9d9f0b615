import CadenceCore
import Foundation

/// Properties Cadence reads from a VTODO. All others are preserved verbatim.
enum ICalKnown {
    /// The order the exporter writes them in when a reminder did not come from a file.
    static let order = ["UID", "DTSTAMP", "SUMMARY", "DESCRIPTION", "DUE", "STATUS", "COMPLETED"]
    /// Parameters Cadence writes itself (date properties are exported in UTC).
    static let dateParameters: Set<String> = ["VALUE", "TZID"]

    /// The properties the exporter writes for this reminder.
    static func written(for reminder: Reminder) -> [String] {
        order.filter { name in
            switch name {
            case "DESCRIPTION": !reminder.notes.isEmpty
            case "DUE": reminder.due != nil
            case "COMPLETED": reminder.completedAt != nil
            default: true
            }
        }
    }

    /// The property name of a raw (unfolded) content line: "RRULE" for "RRULE:FREQ=DAILY" or "rrule;x=1:…".
    static func propertyName(_ raw: String) -> String {
        String(raw.prefix { $0 != ":" && $0 != ";" }).uppercased()
    }

    static func isPropertyItem(_ item: PreservedCalendarData.Item, placeIsAlarm: Bool) -> Bool {
        switch item {
        case .line, .known: true
        case .component, .dueAlarm: false
        case .place: !placeIsAlarm
        }
    }

    /// Where the due time is written when not as DUE: the DTSTART or the alarm it was read from.
    static func carriesDue(_ item: PreservedCalendarData.Item) -> Bool {
        switch item {
        case .known("DTSTART", _), .dueAlarm: true
        default: false
        }
    }

    /// Properties first, then components (RFC 5545's VTODO grammar), each in original order;
    /// markers for what the exporter will add appended the way the exporter adds them. Import and
    /// export both use this, so import → export → import gives the same items.
    static func normalized(
        _ items: [PreservedCalendarData.Item], for reminder: Reminder, placeIsAlarm: Bool
    ) -> [PreservedCalendarData.Item] {
        var properties = items.filter { isPropertyItem($0, placeIsAlarm: placeIsAlarm) }
        var components = items.filter { !isPropertyItem($0, placeIsAlarm: placeIsAlarm) }
        var present = Set(items.compactMap { item -> String? in
            if case .known(let name, _) = item { name } else { nil }
        })
        if items.contains(where: carriesDue) { present.insert("DUE") }
        for name in written(for: reminder) where !present.contains(name) {
            properties.append(.known(name: name, parameters: []))
        }
        if reminder.place != nil && !items.contains(.place) { components.append(.place) }
        return properties + components
    }
}
