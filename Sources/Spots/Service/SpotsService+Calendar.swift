import CadenceCore
import Foundation
import Spots

/// Task lists and the resources calendar apps read and write over CalDAV. Every write made by an app is announced
/// on the live channel (`spots.changed`), so open pages and devices see it at once.
extension SpotsService {
    public static let changedEvent = "spots.changed"

    /// Why a calendar app's write was refused.
    public enum CalendarWriteError: Error, Equatable {
        /// Not an iCalendar object Cadence can read (the reason says why).
        case unreadable(String)
        /// No VTODO in it: lists hold tasks only.
        case notATask
        /// More than one UID in one resource (RFC 4791 §4.1).
        case severalUIDs
        /// If-Match / If-None-Match did not hold.
        case preconditionFailed
        /// The UID is kept in another resource.
        case uidInUse(resource: String)
        case noSuchList
    }

    public func lists(accountID: UUID) async throws -> [StoredList] {
        try await store.lists(accountID: accountID, at: clock.now())
    }

    /// The list at that address. One read for a list that exists (every CalDAV request names one); the Reminders list
    /// is made on its first use, as `lists` makes it.
    public func list(slug: String, accountID: UUID) async throws -> StoredList? {
        if let stored = try await store.list(slug: slug, accountID: accountID) { return stored }
        guard slug == TaskList.defaultSlug else { return nil }
        return try await lists(accountID: accountID).first { $0.list.isDefault }
    }

    /// - Throws: `ValidationError` for a bad address or name; `Conflict("list_exists")`.
    public func createList(slug: String, name: String, accountID: UUID) async throws -> TaskList {
        let list = try TaskList.made(slug: slug, name: name)
        do {
            try await store.createList(list, accountID: accountID, at: clock.now())
        } catch SpotsStoreError.listExists {
            throw Conflict(code: "list_exists", "There is a list at that address already.", field: "path", key: "spots.error.list_exists")
        }
        return list
    }

    public func renameList(_ list: TaskList, to name: String, accountID: UUID) async throws {
        _ = try await store.renameList(id: list.id, accountID: accountID, to: try TaskList.checkName(name))
        listPush?.listsChanged(accountID: accountID)
    }

    /// Deletes a list and its reminders. The Reminders list stays: it is where Cadence keeps what no app put elsewhere.
    public func deleteList(_ list: TaskList, accountID: UUID) async throws {
        guard !list.isDefault else {
            throw Refused(code: "default_list", "The Reminders list cannot be deleted; delete its reminders instead.",
                          key: "spots.error.default_list")
        }
        _ = try await store.deleteList(id: list.id, accountID: accountID)
        remindersChanged(accountID: accountID)
    }

    public func resourceTags(in list: TaskList, accountID: UUID) async throws -> [(name: String, etag: String)] {
        try await store.resourceTags(listID: list.id, accountID: accountID, names: nil)
    }

    /// A resource as an app reads it: name, ETag, last change and its iCalendar text.
    public struct CalendarFile: Sendable {
        public let name: String
        public let etag: String
        public let modifiedAt: Date
        public let text: String
    }

    /// The named resources' files (those that exist), rendered once per ETag and kept (`CalendarTextCache`).
    public func calendarFiles(in list: TaskList, named names: [String], accountID: UUID) async throws -> [CalendarFile] {
        var files: [String: CalendarFile] = [:]
        var missing: [String] = []
        for (name, etag) in try await store.resourceTags(listID: list.id, accountID: accountID, names: names) {
            if let cached = calendarTexts.lookup(list: list.id, name: name, etag: etag) {
                files[name] = CalendarFile(name: name, etag: etag, modifiedAt: cached.modifiedAt, text: cached.text)
            } else {
                missing.append(name)
            }
        }
        if !missing.isEmpty {
            for resource in try await store.resources(listID: list.id, accountID: accountID, names: missing) {
                let text = Self.calendarText(resource)
                calendarTexts.store(.init(etag: resource.etag, text: text, modifiedAt: resource.modifiedAt), list: list.id, name: resource.name)
                files[resource.name] = CalendarFile(name: resource.name, etag: resource.etag, modifiedAt: resource.modifiedAt, text: text)
            }
        }
        return names.compactMap { files[$0] }
    }

    public func resources(in list: TaskList, named names: [String]? = nil, accountID: UUID) async throws -> [CalendarResource] {
        try await store.resources(listID: list.id, accountID: accountID, names: names)
    }

    /// The resource as the app reads it: one VCALENDAR with the series and its occurrences, stamped with the time of
    /// its last change (so the same ETag always comes with the same bytes).
    public static func calendarText(_ resource: CalendarResource) -> String {
        ICalendar.export(resource.reminders, now: resource.modifiedAt)
    }

    /// Writes what a calendar app PUT: one UID's VTODOs (a series and its occurrences), read as an import reads them.
    /// Answers the new ETag and whether the resource is new.
    public func putCalendarResource(_ name: String, text: String, in list: TaskList, accountID: UUID, ifMatch: String?,
                                    ifNoneMatch: Bool) async throws -> (etag: String, created: Bool) {
        let parsed: ICalendarImport
        do {
            parsed = try ICalendar.parse(text, defaultTimeZone: TimeZone(identifier: "UTC")!, now: clock.now(), uidNamespace: accountID)
        } catch {
            throw CalendarWriteError.unreadable(error.message)
        }
        guard !parsed.reminders.isEmpty else { throw CalendarWriteError.notATask }
        guard Set(parsed.reminders.map { $0.calendarUID.uppercased() }).count == 1 else { throw CalendarWriteError.severalUIDs }
        let result: (etag: String, created: Bool)
        do {
            result = try await store.putResource(name, reminders: parsed.reminders, listID: list.id, accountID: accountID,
                                                 ifMatch: ifMatch, ifNoneMatch: ifNoneMatch, at: clock.now()) { reminder in
                reminder.withID(ICalendar.reminderID(forUID: "cadence:\(reminder.id.uuidString)", namespace: accountID))
            }
        } catch SpotsStoreError.preconditionFailed {
            throw CalendarWriteError.preconditionFailed
        } catch SpotsStoreError.uidInUse(let other) {
            throw CalendarWriteError.uidInUse(resource: other)
        } catch SpotsStoreError.noSuchList {
            throw CalendarWriteError.noSuchList
        }
        remindersChanged(accountID: accountID)
        try await announceChange(list: list, resource: name, accountID: accountID)
        return result
    }

    /// False when there was no such resource.
    public func deleteCalendarResource(_ name: String, in list: TaskList, accountID: UUID, ifMatch: String?) async throws -> Bool {
        let deleted: Bool
        do {
            deleted = try await store.deleteResource(name, listID: list.id, accountID: accountID, ifMatch: ifMatch)
        } catch SpotsStoreError.preconditionFailed {
            throw CalendarWriteError.preconditionFailed
        }
        if deleted {
            remindersChanged(accountID: accountID)
            try await announceChange(list: list, resource: name, accountID: accountID)
        }
        return deleted
    }

    /// What changed since a sync token's number; nil for a number this list never gave out.
    public func changes(in list: TaskList, since: Int64, accountID: UUID) async throws -> ListChanges? {
        try await store.changes(listID: list.id, accountID: accountID, since: since)
    }

    private func announceChange(list: TaskList, resource: String, accountID: UUID) async throws {
        try await live.announce(Self.changedEvent, data: LiveJSON.object(["list": list.slug, "resource": resource, "by": "caldav"]),
                                to: accountID)
    }
}
