import CadenceCore
import DAV
import Foundation
import Hummingbird
import Spots
import SpotsService

/// REPORTs on a task list: calendar-query (RFC 4791 §7.8), calendar-multiget (§7.9) and sync-collection (RFC 6578).
extension CalDAVExchange {
    func report(_ report: ReportRequest, list: StoredList) async throws -> Response {
        switch report {
        case .calendarQuery(let names, let filter):
            return Self.multistatus(DAVMultistatus(responses: try await query(filter, names: names, list: list)))
        case .calendarMultiget(let names, let hrefs):
            var wanted: [String] = []
            var outside: [DAVMultistatus.Response] = []
            for href in hrefs {
                if case .resource(let slug, let name)? = CalDAVPath(href), slug == list.list.slug {
                    wanted.append(name)
                } else {
                    outside.append(.status(href: href, 404))
                }
            }
            let found = Dictionary(try await spots.calendarFiles(in: list.list, named: wanted, accountID: account.id).map { ($0.name, $0) },
                                   uniquingKeysWith: { first, _ in first })
            let responses = wanted.map { name -> DAVMultistatus.Response in
                let target = CalDAVPath.resource(slug: list.list.slug, name: name)
                guard let file = found[name] else { return .status(href: target.href, 404) }
                return answer(names, file: file, list: list)
            }
            return Self.multistatus(DAVMultistatus(responses: responses + outside))
        case .syncCollection(let token, let names, _):
            guard !token.isEmpty else { return try await firstSync(names, list: list) }
            guard let since = CalDAVSyncToken.number(token, list: list.list),
                  let changes = try await spots.changes(in: list.list, since: since, accountID: account.id) else {
                throw DAVError(status: 403, "That sync token is not one this list gave out; sync again from the start.",
                               condition: .d("valid-sync-token"))
            }
            var responses = try await answers(names, files: changes.changed, list: list)
            for name in changes.deleted { responses.append(.status(href: CalDAVPath.resource(slug: list.list.slug, name: name).href, 404)) }
            return Self.multistatus(DAVMultistatus(responses: responses, syncToken: CalDAVSyncToken.make(list: list.list, seq: changes.seq)))
        }
    }

    /// A sync from no token: every task, and the token of the list as it was read at the start of the request (a
    /// change made meanwhile comes again in the next sync). A first sync asks for ETags only: answered from them, in one
    /// index-only read, without reading every task (issue 41).
    private func firstSync(_ names: [DAVName], list: StoredList) async throws -> Response {
        let tags = try await spots.resourceTags(in: list.list, accountID: account.id)
        let responses = Set(names).isSubset(of: Self.fromTagAlone)
            ? tags.map { answer(names, name: $0.name, etag: $0.etag, list: list) }
            : try await answers(names, files: tags.map(\.name), list: list)
        return Self.multistatus(DAVMultistatus(responses: responses, syncToken: CalDAVSyncToken.make(list: list.list, seq: list.seq)))
    }

    /// The named tasks that exist, each with the properties asked.
    private func answers(_ names: [DAVName], files: [String], list: StoredList) async throws -> [DAVMultistatus.Response] {
        guard !files.isEmpty else { return [] }
        return try await spots.calendarFiles(in: list.list, named: files, accountID: account.id).map { answer(names, file: $0, list: list) }
    }

    private func answer(_ names: [DAVName], file: SpotsService.CalendarFile, list: StoredList) -> DAVMultistatus.Response {
        properties.answer(names, path: .resource(slug: list.list.slug, name: file.name), list: list,
                          resource: CalendarResource(name: file.name, etag: file.etag, reminders: [], modifiedAt: file.modifiedAt),
                          calendarData: file.text)
    }

    /// The list's tasks that pass the filter: VTODOs (a list holds nothing else), in the time range (RFC 4791 §9.9)
    /// and with the properties asked, judged on the file the app would read.
    private func query(_ filter: CalendarFilter, names: [DAVName], list: StoredList) async throws -> [DAVMultistatus.Response] {
        if let component = filter.component, component != "VTODO" { return [] }
        let needsData = names.contains(.c("calendar-data")) || names.contains(.d("getcontentlength"))
        if !filter.hasTimeRange, filter.properties.isEmpty, Set(names).isSubset(of: Self.fromTagAlone) {
            return try await spots.resourceTags(in: list.list, accountID: account.id).map { name, etag in
                answer(names, name: name, etag: etag, list: list)
            }
        }
        var responses: [DAVMultistatus.Response] = []
        for resource in try await spots.resources(in: list.list, accountID: account.id) {
            let text = SpotsService.calendarText(resource)
            if filter.hasTimeRange {
                let start = filter.start ?? .distantPast, end = filter.end ?? .distantFuture
                guard try resource.reminders.contains(where: { try Self.occurs($0, start: start, end: end) })
                    || TodoTimeRange.times(in: text).contains(where: { TodoTimeRange.overlaps($0, start: start, end: end) })
                else { continue }
            }
            if !filter.properties.isEmpty {
                let values = TodoTimeRange.propertyValues(in: text)
                guard filter.properties.allSatisfy({ $0.matches(values[$0.name] ?? []) }) else { continue }
            }
            responses.append(properties.answer(names, path: .resource(slug: list.list.slug, name: resource.name), list: list,
                                               resource: resource, calendarData: needsData ? text : nil))
        }
        return responses
    }

    /// A repeating task is in the range when one of its occurrences is due in it. A rule that takes too long to
    /// count refuses the query rather than holding the server (issue 35).
    static func occurs(_ reminder: Reminder, start: Date, end: Date) throws(DAVError) -> Bool {
        guard let schedule = reminder.repeatSchedule, reminder.repeatRule != nil else { return false }
        switch reminder.nextOccurrence(after: max(start, schedule.firstDue).addingTimeInterval(-1)) {
        case .at(let next): return next >= start && next < end
        case .none: return false
        case .tooMuchWork:
            throw DAVError(status: 403, "The task “\(reminder.title)” repeats by a rule that takes too long to count in this time range; "
                + "ask for a range nearer its start, or change its repeat.")
        }
    }
}
