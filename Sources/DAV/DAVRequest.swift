import Foundation
import SafeXML

/// What a PROPFIND asks for (RFC 4918 §9.1): every property, their names, or the ones listed. An empty body is allprop.
public enum PropfindRequest: Equatable, Sendable {
    case allProperties
    case propertyNames
    case properties([DAVName])

    public init(body: Data) throws(DAVError) {
        guard !body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { self = .allProperties; return }
        let root = try DAVBody.parse(body)
        guard root.davName == .d("propfind") else { throw DAVError(status: 400, "A PROPFIND body is a DAV:propfind element.") }
        if root.child(.d("propname")) != nil {
            self = .propertyNames
        } else if let prop = root.child(.d("prop")) {
            self = .properties(prop.elements.map(\.davName))
        } else {
            self = .allProperties
        }
    }
}

/// The REPORTs CalDAV clients send (RFC 4791 §7.8, §7.9; RFC 6578 §3.2).
public enum ReportRequest: Equatable, Sendable {
    case calendarQuery(properties: [DAVName], filter: CalendarFilter)
    case calendarMultiget(properties: [DAVName], hrefs: [String])
    case syncCollection(token: String, properties: [DAVName], limit: Int?)

    public init(body: Data) throws(DAVError) {
        let root = try DAVBody.parse(body)
        let properties = root.child(.d("prop"))?.elements.map(\.davName) ?? [.d("getetag")]
        switch root.davName {
        case .c("calendar-query"):
            self = .calendarQuery(properties: properties, filter: try CalendarFilter(root.child(.c("filter"))))
        case .c("calendar-multiget"):
            self = .calendarMultiget(properties: properties, hrefs: root.children(.d("href")).map(\.trimmedText))
        case .d("sync-collection"):
            let limit = root.child(.d("limit"))?.child(.d("nresults")).flatMap { Int($0.trimmedText) }
            self = .syncCollection(token: root.child(.d("sync-token"))?.trimmedText ?? "", properties: properties, limit: limit)
        default:
            throw DAVError(status: 403, "This server answers calendar-query, calendar-multiget and sync-collection reports, not \(root.name).",
                           condition: .d("supported-report"))
        }
    }
}

/// A calendar-query filter (RFC 4791 §9.7), as far as task apps use it: the component asked for, a time range on it,
/// and conditions on its properties.
public struct CalendarFilter: Equatable, Sendable {
    public struct PropertyFilter: Equatable, Sendable {
        public let name: String
        /// The property must be absent (is-not-defined).
        public let absent: Bool
        /// Text the value must (or, negated, must not) contain or equal.
        public let text: String?
        public let negated: Bool
        public let equals: Bool
        public let caseSensitive: Bool

        /// Whether `values` (the property's values in one task, empty when absent) pass.
        public func matches(_ values: [String]) -> Bool {
            if absent { return values.isEmpty }
            guard let text else { return !values.isEmpty }
            guard !values.isEmpty else { return false }
            let found = values.contains { value in
                let (a, b) = caseSensitive ? (value, text) : (value.lowercased(), text.lowercased())
                return equals ? a == b : a.contains(b)
            }
            return found != negated
        }
    }

    /// The component asked for inside VCALENDAR ("VTODO"); nil: any calendar object.
    public let component: String?
    public let start: Date?
    public let end: Date?
    public let properties: [PropertyFilter]

    public var hasTimeRange: Bool { start != nil || end != nil }

    init(_ filter: DAVElement?) throws(DAVError) {
        guard let calendar = filter?.child(.c("comp-filter")) else {
            component = nil; start = nil; end = nil; properties = []
            return
        }
        guard calendar.attribute("name")?.uppercased() == "VCALENDAR" else {
            throw DAVError(status: 403, "A calendar-query filter starts with the VCALENDAR component.", condition: .c("valid-filter"))
        }
        let inner = calendar.child(.c("comp-filter"))
        component = inner?.attribute("name")?.uppercased()
        var start: Date?, end: Date?
        if let range = inner?.child(.c("time-range")) {
            start = try range.attribute("start").map(Self.utc)
            end = try range.attribute("end").map(Self.utc)
        }
        self.start = start
        self.end = end
        properties = (inner?.children(.c("prop-filter")) ?? []).compactMap { element in
            guard let name = element.attribute("name")?.uppercased() else { return nil }
            let match = element.child(.c("text-match"))
            return PropertyFilter(
                name: name, absent: element.child(.c("is-not-defined")) != nil, text: match?.trimmedText,
                negated: match?.attribute("negate-condition")?.lowercased() == "yes",
                equals: match?.attribute("match-type")?.lowercased() == "equals",
                caseSensitive: match?.attribute("collation")?.lowercased() == "i;octet")
        }
    }

    /// "20060104T000000Z" (time-range values are UTC date-times).
    static func utc(_ text: String) throws(DAVError) -> Date {
        let digits = Array(text.uppercased())
        func number(_ range: Range<Int>) -> Int? { digits.count >= range.upperBound ? Int(String(digits[range])) : nil }
        guard digits.count == 16, digits[8] == "T", digits[15] == "Z", let y = number(0..<4), let m = number(4..<6),
              let d = number(6..<8), let h = number(9..<11), let mi = number(11..<13), let s = number(13..<15),
              let date = Calendar(identifier: .gregorian).date(from: DateComponents(
                  timeZone: TimeZone(identifier: "UTC"), year: y, month: m, day: d, hour: h, minute: mi, second: s))
        else { throw DAVError(status: 400, "A time-range value is a UTC date and time like 20270115T000000Z, not \(text).",
                              condition: .c("valid-filter")) }
        return date
    }
}

/// The properties a MKCALENDAR or PROPPATCH sets (RFC 4791 §5.3.1, RFC 4918 §9.2) and those it removes.
public struct PropertyUpdate: Equatable, Sendable {
    public let set: [DAVElement]
    public let remove: [DAVName]

    public init(body: Data) throws(DAVError) {
        guard !body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            set = []; remove = []
            return
        }
        let root = try DAVBody.parse(body)
        set = root.children(.d("set")).flatMap { $0.child(.d("prop"))?.elements ?? [] }
        remove = root.children(.d("remove")).flatMap { $0.child(.d("prop"))?.elements.map(\.davName) ?? [] }
    }
}
