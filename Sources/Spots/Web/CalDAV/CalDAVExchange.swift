import CadenceCore
import DAV
import Foundation
import HTTPTypes
import Hummingbird
import Spots
import SpotsService

/// One CalDAV request of a signed-in calendar app, answered for its path.
struct CalDAVExchange {
    let spots: SpotsService
    let account: Account
    let path: CalDAVPath
    /// The calendar app's device (its app password): WebDAV-Push registrations belong to it.
    var deviceID: UUID?
    /// `scheme://host[:port]` as the client reached this server, for the absolute registration URLs WebDAV-Push needs.
    var origin = ""

    var properties: CalDAVProperties { CalDAVProperties(account: account) }

    func respond(method: String, headers: HTTPFields, body: Data) async throws -> Response {
        switch (method, path) {
        case ("PROPFIND", _): return try await propfind(PropfindRequest(body: body), depth: headers[HTTPField.Name("Depth")!] ?? "1")
        case ("REPORT", .list(let slug)): return try await report(ReportRequest(body: body), list: try await list(slug))
        case ("REPORT", _): throw DAVError(status: 403, "Reports are answered on a task list.", condition: .d("supported-report"))
        case ("MKCALENDAR", .list(let slug)): return try await makeList(slug, update: PropertyUpdate(body: body), extended: false)
        case ("MKCOL", .list(let slug)): return try await makeList(slug, update: PropertyUpdate(body: body), extended: true)
        case ("PROPPATCH", .list(let slug)): return try await proppatch(PropertyUpdate(body: body), list: try await list(slug))
        case ("GET", .resource(let slug, let name)), ("HEAD", .resource(let slug, let name)):
            return try await get(name, list: try await list(slug), headers: headers, withBody: method == "GET")
        case ("GET", _), ("HEAD", _):
            return CalDAVController.plain(.ok, "Cadence CalDAV: add this address to a calendar app with an app password.")
        case ("PUT", .resource(let slug, let name)): return try await put(name, list: try await list(slug), headers: headers, body: body)
        case ("DELETE", .resource(let slug, let name)):
            let deleted = try await mapWriteErrors {
                try await spots.deleteCalendarResource(name, in: try await list(slug).list, accountID: account.id,
                                                       ifMatch: headers[.ifMatch])
            }
            return deleted ? Response(status: .noContent) : CalDAVController.plain(.notFound, "There is no such task.")
        case ("DELETE", .list(let slug)):
            try await spots.deleteList(try await list(slug).list, accountID: account.id)
            return Response(status: .noContent)
        case ("POST", .list(let slug)):
            return try await registerPush(PushRegisterRequest(body: body), list: try await list(slug))
        case ("POST", _):
            throw DAVError(status: 403, "WebDAV-Push is offered on task lists (\(CalDAVPath.homePath)<list>/).",
                           condition: .push("push-not-available"))
        case ("DELETE", .pushRegistration(let id)):
            guard let push = spots.listPush, try await push.unregister(id: id, accountID: account.id) else {
                throw DAVError(status: 404, "There is no such push registration (it may have expired).")
            }
            return Response(status: .noContent)
        default:
            throw DAVError(status: 405, "\(method) is not allowed at \(path.href).")
        }
    }

    private func list(_ slug: String) async throws -> StoredList {
        guard let found = try await spots.list(slug: slug, accountID: account.id) else {
            throw DAVError(status: 404, "There is no task list at \(CalDAVPath.list(slug: slug).href).")
        }
        return found
    }

    // MARK: PROPFIND, PROPPATCH, MKCALENDAR

    private func propfind(_ request: PropfindRequest, depth: String) async throws -> Response {
        var responses: [DAVMultistatus.Response] = []
        var properties = self.properties
        if case .properties(let names) = request, let push = spots.listPush, !CalDAVProperties.pushNames.isDisjoint(with: names) {
            properties.vapidPublicKey = try await push.applicationServerKey()
        }
        func add(_ target: CalDAVPath, list: StoredList? = nil, resource: CalendarResource? = nil) {
            switch request {
            case .propertyNames: responses.append(properties.names(path: target))
            case .allProperties:
                responses.append(properties.answer(CalDAVProperties.allNames(for: target), path: target, list: list, resource: resource,
                                                   calendarData: resource.map(SpotsService.calendarText)))
            case .properties(let names):
                responses.append(properties.answer(names, path: target, list: list, resource: resource,
                                                   calendarData: resource.map(SpotsService.calendarText)))
            }
        }
        let deep = depth != "0"
        switch path {
        case .root, .principal:
            add(path)
        case .home:
            add(path)
            if deep { for list in try await spots.lists(accountID: account.id) { add(.list(slug: list.list.slug), list: list) } }
        case .list(let slug):
            let list = try await list(slug)
            add(path, list: list)
            if deep { try await addMembers(of: list, request: request, into: &responses) }
        case .resource(let slug, let name):
            let list = try await list(slug)
            guard let resource = try await spots.resources(in: list.list, named: [name], accountID: account.id).first else {
                throw DAVError(status: 404, "There is no such task.")
            }
            add(path, list: list, resource: resource)
        case .pushRegistration:
            throw DAVError(status: 405, "A push registration has no properties; DELETE it to unregister.")
        }
        return Self.multistatus(DAVMultistatus(responses: responses))
    }

    /// A list's tasks: from their ETags alone when that is all that is asked (a client comparing), else read whole.
    private func addMembers(of list: StoredList, request: PropfindRequest, into responses: inout [DAVMultistatus.Response]) async throws {
        if case .properties(let names) = request, Set(names).isSubset(of: Self.fromTagAlone) {
            for (name, etag) in try await spots.resourceTags(in: list.list, accountID: account.id) {
                responses.append(answer(names, name: name, etag: etag, list: list))
            }
            return
        }
        for resource in try await spots.resources(in: list.list, accountID: account.id) {
            let target = CalDAVPath.resource(slug: list.list.slug, name: resource.name)
            switch request {
            case .propertyNames: responses.append(properties.names(path: target))
            case .allProperties:
                responses.append(properties.answer(CalDAVProperties.allNames(for: target), path: target, list: list, resource: resource,
                                                   calendarData: SpotsService.calendarText(resource)))
            case .properties(let names):
                responses.append(properties.answer(names, path: target, list: list, resource: resource,
                                                   calendarData: SpotsService.calendarText(resource)))
            }
        }
    }

    /// What a task's name and ETag alone can answer: a client comparing ETags across a whole list reads no reminder.
    static let fromTagAlone: Set<DAVName> = [.d("getetag"), .d("resourcetype"), .d("getcontenttype")]

    /// A task's answer from its name and ETag alone, for requests asking `fromTagAlone` properties only.
    func answer(_ names: [DAVName], name: String, etag: String, list: StoredList) -> DAVMultistatus.Response {
        properties.answer(names, path: .resource(slug: list.list.slug, name: name), list: list,
                          resource: CalendarResource(name: name, etag: etag, reminders: [], modifiedAt: .distantPast))
    }

    private func proppatch(_ update: PropertyUpdate, list: StoredList) async throws -> Response {
        var found: [DAVMultistatus.Property] = [], refused: [DAVName] = []
        for element in update.set {
            if element.davName == .d("displayname") {
                try await spots.renameList(list.list, to: element.trimmedText, accountID: account.id)
                found.append(.empty(element.davName))
            } else {
                refused.append(element.davName)  // colours and orders are not kept: say so rather than pretend
            }
        }
        refused += update.remove
        return Self.multistatus(DAVMultistatus(responses: [.properties(href: path.href, found: found, missing: [], forbidden: refused)]))
    }

    private func makeList(_ slug: String, update: PropertyUpdate, extended: Bool) async throws -> Response {
        var name = slug
        for element in update.set {
            switch element.davName {
            case .d("displayname"): name = element.trimmedText
            case .c("supported-calendar-component-set"):
                let components = element.children(.c("comp")).compactMap { $0.attribute("name")?.uppercased() }
                guard components.contains("VTODO") else {
                    throw DAVError(status: 403, "Cadence keeps task lists (VTODO) only, not \(components.joined(separator: ", ")).",
                                   condition: .c("supported-calendar-component"))
                }
            case .d("resourcetype") where extended:
                guard element.child(.c("calendar")) != nil else {
                    throw DAVError(status: 403, "Only task lists (calendar collections) can be made here.", condition: .d("valid-resourcetype"))
                }
            default: break
            }
        }
        do {
            _ = try await spots.createList(slug: slug, name: name, accountID: account.id)
        } catch let conflict as Conflict {
            throw DAVError(status: 405, conflict.message, condition: .d("resource-must-be-null"))
        }
        return Response(status: .created, headers: [.contentLength: "0"])
    }

    // MARK: WebDAV-Push

    /// `push-register` (draft §4.1): registers or renews this app's subscription on the list; 204 with the registration's
    /// absolute URL and its expiry.
    private func registerPush(_ request: PushRegisterRequest, list: StoredList) async throws -> Response {
        guard let push = spots.listPush, let deviceID else {
            throw DAVError(status: 403, "WebDAV-Push is not offered here.", condition: .push("push-not-available"))
        }
        let registered: TaskListPushRegistration
        do {
            registered = try await push.register(
                TaskListPush.Request(endpoint: request.pushResource, p256dh: request.p256dh, auth: request.auth,
                                     contentUpdates: request.contentUpdates, propertyUpdates: request.propertyUpdates, expires: request.expires),
                on: list, accountID: account.id, deviceID: deviceID)
        } catch let invalid as ValidationError {
            throw DAVError(status: 403, "The subscription cannot be pushed to: \(invalid.message)", condition: .push("invalid-subscription"))
        }
        return Response(status: .noContent, headers: [
            .location: origin + CalDAVPath.pushRegistration(id: registered.id).href,
            .expires: CalDAVProperties.httpDate(registered.expiresAt),
        ])
    }

    // MARK: GET, PUT

    private func get(_ name: String, list: StoredList, headers: HTTPFields, withBody: Bool) async throws -> Response {
        guard let file = try await spots.calendarFiles(in: list.list, named: [name], accountID: account.id).first else {
            throw DAVError(status: 404, "There is no such task.")
        }
        if headers[.ifNoneMatch] == file.etag { return Response(status: .notModified, headers: [.eTag: file.etag]) }
        let text = file.text
        var fields: HTTPFields = [.contentType: "text/calendar; charset=utf-8", .eTag: file.etag,
                                  .lastModified: CalDAVProperties.httpDate(file.modifiedAt)]
        fields[.contentLength] = String(text.utf8.count)
        return Response(status: .ok, headers: fields, body: withBody ? .init(byteBuffer: ByteBuffer(string: text)) : .init())
    }

    private func put(_ name: String, list: StoredList, headers: HTTPFields, body: Data) async throws -> Response {
        guard let text = String(data: body, encoding: .utf8) else {
            throw DAVError(status: 415, "The task is not UTF-8 text.", condition: .c("supported-calendar-data"))
        }
        let ifNoneMatch = headers[.ifNoneMatch].map { $0.trimmingCharacters(in: .whitespaces) == "*" } ?? false
        let ifMatch = headers[.ifMatch].map { $0.trimmingCharacters(in: .whitespaces) }
        let (etag, created) = try await mapWriteErrors {
            try await spots.putCalendarResource(name, text: text, in: list.list, accountID: account.id, ifMatch: ifMatch,
                                                ifNoneMatch: ifNoneMatch)
        }
        return Response(status: created ? .created : .noContent, headers: [.eTag: etag, .contentLength: "0"])
    }

    private func mapWriteErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SpotsService.CalendarWriteError {
            switch error {
            case .unreadable(let reason):
                throw DAVError(status: 400, "The task is not iCalendar Cadence can read: \(reason)", condition: .c("valid-calendar-data"))
            case .notATask:
                throw DAVError(status: 403, "Task lists hold tasks (VTODO) only.", condition: .c("supported-calendar-component"))
            case .severalUIDs:
                throw DAVError(status: 403, "One task per address: every component must have the same UID.",
                               condition: .c("valid-calendar-object-resource"))
            case .preconditionFailed:
                throw DAVError(status: 412, "The task changed since you read it (its ETag differs); read it again, then write.")
            case .uidInUse(let other):
                throw DAVError(status: 409, "A task with this UID is already kept at \(other).", condition: .c("no-uid-conflict"))
            case .noSuchList:
                throw DAVError(status: 409, "There is no such task list.")
            }
        }
    }

    static func multistatus(_ body: DAVMultistatus) -> Response {
        Response(status: HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status"), headers: [.contentType: "application/xml; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(bytes: body.bytes)))
    }
}
