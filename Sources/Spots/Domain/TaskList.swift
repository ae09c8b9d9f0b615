import CadenceCore
import Foundation

/// A list of reminders, as calendar apps show task lists (CalDAV calendars holding VTODOs). Every account has its
/// "Reminders" list; more are made in a calendar app (MKCALENDAR). `slug` is the list's path segment
/// (`/dav/calendars/<slug>/`), chosen by the app that made it.
public struct TaskList: Equatable, Sendable {
    public let id: UUID
    public let slug: String
    public var name: String

    public static let defaultSlug = "reminders"
    public static let defaultName = "Reminders"
    public static let nameMaximumLength = 100

    public init(id: UUID, slug: String, name: String) {
        self.id = id
        self.slug = slug
        self.name = name
    }

    public var isDefault: Bool { slug == Self.defaultSlug }

    /// The account's Reminders list: its id is derived from the account, so it needs no lookup to exist.
    public static func defaultList(accountID: UUID) -> TaskList {
        TaskList(id: ICalendarUID.uuidV5(namespace: accountID, name: "spots-list:reminders"), slug: defaultSlug, name: defaultName)
    }

    /// A list made under `slug` by a calendar app. Its id is new each time, even at an address used before: ETags and
    /// sync tokens count within one list's life, so a list deleted and made again must not be taken for the old one
    /// (an old sync token is then refused, and the app syncs afresh).
    public static func made(slug: String, name: String) throws(ValidationError) -> TaskList {
        TaskList(id: UUID(), slug: try checkSlug(slug), name: try checkName(name.isEmpty ? slug : name))
    }

    public static func checkName(_ raw: String) throws(ValidationError) -> String {
        try RequiredText.check(raw, field: "displayname", maximumLength: nameMaximumLength,
                               whenEmpty: "Give the list a name.", noun: "A list name",
                               keys: .under("spots.error.list_name", "."))
    }

    /// A path segment: 1 to 100 letters, digits and `-_.@~` (what apps use: a UUID, or a name made safe).
    public static func checkSlug(_ slug: String) throws(ValidationError) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.@~")
        guard (1...100).contains(slug.count), slug.allSatisfy(allowed.contains), slug != ".", slug != ".." else {
            throw ValidationError(field: "path", "A list's name in its address is 1 to 100 letters, digits and - _ . @ ~.",
                                  key: "spots.error.list_address")
        }
        return slug
    }
}

extension Reminder {
    /// The iCalendar UID it is written with (a series and its occurrences share one).
    public var calendarUID: String { preserved.uid ?? id.uuidString }

    /// The name of the CalDAV resource it is kept in when no app named one: its UID, with anything that is not a letter,
    /// digit or `-_.~@` made "_", and ".ics".
    public var defaultResourceName: String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~@")
        return String(calendarUID.prefix(200).map { allowed.contains($0) ? $0 : "_" }) + ".ics"
    }
}
