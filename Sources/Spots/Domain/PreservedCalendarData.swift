import Foundation

/// What an imported VTODO carried beyond the fields Cadence models, so that import → export loses nothing.
///
/// All lines are stored unfolded and exactly as read (no unescaping); the exporter folds them again.
/// `items` records the VTODO's content in its original order: unknown lines and components verbatim,
/// and markers where Cadence's own properties (SUMMARY, DUE, …) and the place stood, so the export
/// writes everything back in its original place. A task without DUE keeps its due time where it was
/// read from: DTSTART as a `known` marker, or an alarm's absolute trigger as `dueAlarm`. Properties come before sub-components on export
/// (RFC 5545's VTODO grammar); within each group the original order is kept.
public struct PreservedCalendarData: Equatable, Sendable, Codable {
    public enum Item: Equatable, Sendable, Codable {
        /// A property Cadence does not model (X-*, PRIORITY, CATEGORIES, CREATED, RELATED-TO, …), verbatim.
        case line(String)
        /// A sub-component Cadence does not model (a time VALARM, a CONNECT alarm, …): its lines BEGIN…END, verbatim.
        case component([String])
        /// Where one of Cadence's own properties stood, with the parameters Cadence does not use
        /// (e.g. `LANGUAGE=de`, already in wire form). The value comes from the reminder on export.
        case known(name: String, parameters: [String])
        /// Where the lines that `place` was read from stood (see `placeSource`).
        case place
        /// An alarm whose absolute TRIGGER (`TRIGGER;VALUE=DATE-TIME`) gave the due time of a task
        /// without DUE or DTSTART, verbatim, with that time. Written back as it was while the due
        /// time is unchanged, with the new time when it moved, and not at all once it is removed.
        case dueAlarm(lines: [String], trigger: Date)
    }

    /// The lines `Reminder.place` was read from and the place they meant. While the reminder's place
    /// still equals `place`, the export writes `lines` back unchanged (so a file that used only
    /// Apple's or only RFC 9074's encoding is not given the other one); once the place is edited,
    /// the export writes a fresh alarm with both encodings instead.
    public struct PlaceSource: Equatable, Sendable, Codable {
        public var lines: [String]
        public var place: Place
        /// true: a VALARM component; false: VTODO-level LOCATION/GEO properties.
        public var isAlarm: Bool

        public init(lines: [String], place: Place, isAlarm: Bool) {
            self.lines = lines
            self.place = place
            self.isAlarm = isAlarm
        }
    }

    /// An all-day due date (`DUE;VALUE=DATE:20240305`) and the instant Cadence gave it on import.
    /// While `Reminder.due` still equals `due`, the export writes the DATE form back.
    public struct AllDayDue: Equatable, Sendable, Codable {
        public var date: String
        public var due: Date

        public init(date: String, due: Date) {
            self.date = date
            self.due = due
        }
    }

    /// The UID as written in the file when it is not Cadence's own form of `Reminder.id`
    /// (an e-mail-like UID, or a lowercase UUID). Exported instead of `id`.
    public var uid: String?
    public var items: [Item]
    public var placeSource: PlaceSource?
    public var allDayDue: AllDayDue?
    /// STATUS when it was neither NEEDS-ACTION nor COMPLETED (IN-PROCESS, CANCELLED, …); written back while not complete.
    public var status: String?
    /// Text that was longer than Cadence allows (SUMMARY, DESCRIPTION), by property name. On import the
    /// field is shortened with "…"; while it still equals the shortened form, the export writes the original.
    public var overflow: [String: String]
    /// VTIMEZONE components (verbatim lines) that preserved lines refer to by TZID, keyed by TZID.
    public var timeZones: [String: [String]]
    /// DTSTAMP as the app that wrote the task set it: written back until the task is changed in Cadence (which drops it,
    /// so the export stamps the change instead).
    public var stamp: String?

    public init(
        uid: String? = nil, items: [Item] = [], placeSource: PlaceSource? = nil, allDayDue: AllDayDue? = nil,
        status: String? = nil, overflow: [String: String] = [:], timeZones: [String: [String]] = [:]
    ) {
        self.uid = uid
        self.items = items
        self.placeSource = placeSource
        self.allDayDue = allDayDue
        self.status = status
        self.overflow = overflow
        self.timeZones = timeZones
    }

    /// Nothing beyond Cadence's own fields.
    public var isEmpty: Bool { self == PreservedCalendarData() }
}
