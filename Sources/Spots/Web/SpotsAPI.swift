import CadenceCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Spots
import SpotsService
import Web

/// `/api/v1/spots/…` (R1–R5): reminders, why each did or didn't fire, location reports
/// (from the phone page and from OwnTracks), the gazetteer, and iCalendar in and out.
public struct SpotsAPI: Sendable {
    let spots: SpotsService
    let clock: any WallClock

    public init(spots: SpotsService, clock: any WallClock) {
        self.spots = spots
        self.clock = clock
    }

    static let maximumCalendarBytes = 10 << 20

    public func addRoutes(to api: APIGroups) {
        api.account.get("reminders", use: list)
        api.account.get("lists", use: lists)
        api.person.post("reminders", use: create)
        api.account.get("reminders/:id", use: show)
        api.person.put("reminders/:id", use: replace)
        api.person.delete("reminders/:id", use: delete)
        api.account.post("reminders/:id/complete", use: complete)
        api.account.post("reminders/:id/reopen", use: reopen)
        api.account.post("reminders/:id/snooze", use: snooze)
        api.account.get("reminders/:id/events", use: events)
        api.account.post("locations", use: locations)
        api.open.post("owntracks", use: ownTracks)
        api.account.get("places", use: searchPlaces)
        api.person.get("export.ics", use: exportCalendar)
        api.person.post("import", use: importCalendar)
    }

    // MARK: Reminders

    @Sendable func list(request: Request, context: AccountContext) async throws -> [ReminderBody] {
        let account = context.account
        let all = try await spots.reminders(accountID: account.id)
        return ReminderOrder.sorted(all).map(ReminderBody.init)
    }

    /// The account's task lists (Reminders first; more are made in calendar apps over CalDAV).
    @Sendable func lists(request: Request, context: AccountContext) async throws -> [TaskListBody] {
        try await spots.lists(accountID: context.account.id).map(TaskListBody.init)
    }

    @Sendable func create(request: Request, context: SignedInContext) async throws -> EditedResponse<ReminderBody> {
        let account = context.account
        let input = try await request.decode(as: ReminderInput.self, context: context)
        let reminder = try input.draft.reminder(id: UUID(), browserZone: request.browserZone)
        try await spots.save(reminder, accountID: account.id, list: input.list)
        return EditedResponse(status: .created, response: ReminderBody(try await spots.reminder(id: reminder.id, accountID: account.id)))
    }

    @Sendable func show(request: Request, context: AccountContext) async throws -> Response {
        let account = context.account
        return ReminderBody(try await requireReminder(context, account: account)).tagged
    }

    /// With `If-Match` (the `ETag` it was read with), an edit from a read that is no longer current is refused 412.
    @Sendable func replace(request: Request, context: SignedInContext) async throws -> Response {
        let account = context.account
        let existing = try await requireReminder(context, account: account)
        let input = try await request.decode(as: ReminderInput.self, context: context)
        var reminder = try input.draft.reminder(id: existing.reminder.id, keeping: existing.reminder, browserZone: request.browserZone)
        // Checked once the edit is known to be valid: a bad one is a 400 whatever version it was made from.
        let ifMatch = request.ifMatch
        if let ifMatch, ifMatch != "*", ifMatch != existing.etag { throw ChangedSinceRead("reminder") }
        reminder.completedAt = existing.reminder.completedAt
        try await spots.save(reminder, accountID: account.id, list: input.list == existing.list ? nil : input.list, ifMatch: ifMatch)
        return ReminderBody(try await requireReminder(context, account: account)).tagged
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> Response {
        let account = context.account
        try await spots.delete(id: try context.parameters.requireID("id"), accountID: account.id)
        return Response(status: .noContent)
    }

    @Sendable func complete(request: Request, context: AccountContext) async throws -> ReminderBody {
        try await setCompleted(true, context: context)
    }

    @Sendable func reopen(request: Request, context: AccountContext) async throws -> ReminderBody {
        try await setCompleted(false, context: context)
    }

    /// "Snooze 10 min" from an alert (see `Reminder.snooze`). The body may be empty (10 minutes) or `{"minutes": n}`.
    @Sendable func snooze(request: Request, context: AccountContext) async throws -> ReminderBody {
        struct Input: Decodable {
            let minutes: Int?
            enum CodingKeys: String, CodingKey { case minutes }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                // Present means a number: `null` is refused, not read as the default.
                minutes = container.contains(.minutes) ? try container.decode(Int.self, forKey: .minutes) : nil
            }
        }
        var request = request
        let body = try await request.collectBounded(context: context)
        let minutes: Int?
        do {
            minutes = body.readableBytes == 0 ? nil : try JSONBody.decoder.decode(Input.self, from: Data(buffer: body)).minutes
        } catch let error as DecodingError {
            throw JSONBody.apiError(error)
        }
        let account = context.account
        var reminder = try await requireReminder(context, account: account).reminder
        try reminder.snooze(minutes: minutes ?? Reminder.defaultSnoozeMinutes, now: clock.now())
        try await spots.save(reminder, accountID: account.id)
        return ReminderBody(try await requireReminder(context, account: account))
    }

    private func setCompleted(_ done: Bool, context: AccountContext) async throws -> ReminderBody {
        ReminderBody(try await spots.setCompleted(done, id: try context.parameters.requireID("id"), accountID: context.account.id))
    }

    /// Why did (or didn't) it fire: every decision about this reminder, newest first.
    @Sendable func events(request: Request, context: AccountContext) async throws -> [SpotsEventBody] {
        let account = context.account
        let reminder = try await requireReminder(context, account: account)
        let events = try await spots.events(reminderID: reminder.reminder.id, accountID: account.id, limit: 200)
        return events.map { SpotsEventBody($0, deviceName: Self.deviceName($0.deviceKey)) }
    }

    // MARK: Locations

    /// Location fixes from the phone page (batched) or a paired device, decided at once.
    @Sendable func locations(request: Request, context: AccountContext) async throws -> LocationsBody {
        let account = context.account
        let input = try await request.decode(as: ReportsInput.self, context: context)
        guard !input.reports.isEmpty, input.reports.count <= 500 else {
            throw APIError.invalid(field: "reports", "Send from 1 to 500 reports at a time.", localized: MessageKey("spots.error.reports_count"))
        }
        let now = clock.now()
        var reports: [LocationReport] = []
        for (index, report) in input.reports.enumerated() {
            switch Self.locationReport(report, now: now) {
            case .success(let report): reports.append(report)
            case .failure(let error): throw APIError.invalid(field: "reports[\(index)].\(error.field)", error.message, localized: error.localized)
            }
        }
        let events = try await spots.report(reports, accountID: account.id, deviceKey: Self.deviceKey(context))
        return LocationsBody(decisions: events.count, fired: events.filter(\.fired).count)
    }

    static func locationReport(_ input: ReportInput, now: Date) -> Result<LocationReport, ValidationError> {
        Result { () throws(ValidationError) -> LocationReport in
            let at = try input.at.map { ms throws(ValidationError) in try LocationReport.checkedTime(Date(millisecondsSince1970: ms), now: now, field: "at") } ?? now
            return try LocationReport(coordinate: try Coordinate(latitude: input.latitude, longitude: input.longitude),
                                      accuracy: input.accuracy, at: at)
        }
    }

    /// OwnTracks' HTTP mode: `{"_type":"location","lat":…,"lon":…,"acc":…,"tst":…}`, authenticated
    /// with a paired device's token (Bearer, or as the Basic password). Other message types
    /// are acknowledged and ignored; the answer is the JSON array OwnTracks expects.
    @Sendable func ownTracks(request: Request, context: AppContext) async throws -> [String] {
        guard let device = context.device else {
            throw APIError(.unauthorized, code: "device_required",
                           "Pair a device first and use its token (as the Bearer token, or as the password in OwnTracks).",
                           key: "spots.error.device_required")
        }
        let message = try await request.decode(as: OwnTracksMessage.self, context: context)
        guard message._type == "location" else { return [] }  // OwnTracks reads an empty list as "nothing to show"
        guard let latitude = message.lat else { throw APIError.invalid(field: "lat", "A location message has lat.", localized: MessageKey("spots.error.owntracks_lat")) }
        guard let longitude = message.lon else { throw APIError.invalid(field: "lon", "A location message has lon.", localized: MessageKey("spots.error.owntracks_lon")) }
        guard let timestamp = message.tst, timestamp > 0, timestamp < 4_102_444_800 else {
            throw APIError.invalid(field: "tst", "A location message has tst, a Unix time in seconds.",
                                   localized: MessageKey("spots.error.owntracks_tst"))
        }
        let fixTime: Date
        do {
            fixTime = try LocationReport.checkedTime(Date(timeIntervalSince1970: TimeInterval(timestamp)), now: clock.now(), field: "tst")
        } catch {
            throw APIError.invalid(field: error.field, error.message)
        }
        let report: LocationReport
        do {
            // OwnTracks may leave out the accuracy; such a fix counts as coarse (100 m), not exact.
            report = try LocationReport(coordinate: try Coordinate(latitude: latitude, longitude: longitude), accuracy: message.acc ?? 100,
                                        at: fixTime)
        } catch {
            let field = ["latitude": "lat", "longitude": "lon", "accuracy": "acc"][error.field] ?? error.field
            throw APIError.invalid(field: field, error.message)
        }
        _ = try await spots.report([report], accountID: device.account.id, deviceKey: "device:\(device.device.id.uuidString.lowercased())")
        return []
    }

    // MARK: Gazetteer

    /// With `Cadence-Gazetteer: none` when the server has no gazetteer loaded, so a page can say so instead of
    /// "no place found".
    @Sendable func searchPlaces(request: Request, context: AccountContext) async throws -> Response {
        let query = String(request.uri.queryParameters["q"] ?? "").trimmingCharacters(in: .whitespaces)
        guard query.count <= 100 else { throw APIError.invalid(field: "q", "Search with at most 100 characters.",
                                                                  localized: MessageKey("spots.error.search_too_long")) }
        let limit = min(50, max(1, Int(request.uri.queryParameters["limit"] ?? "") ?? 10))
        let found = try await spots.searchPlaces(query, limit: limit)
        var response = Response.json(found.places.map(GazetteerBody.init))
        if !found.installed { response.headers[.cadenceGazetteer] = "none" }
        return response
    }

    // MARK: iCalendar

    @Sendable func exportCalendar(request: Request, context: SignedInContext) async throws -> Response {
        let account = context.account
        let reminders = ReminderOrder.sorted(try await spots.reminders(accountID: account.id)).map(\.reminder)
        let text = ICalendar.export(reminders, now: clock.now())
        return Response(status: .ok, headers: [
            .contentType: "text/calendar; charset=utf-8", .contentDisposition: "attachment; filename=\"cadence-reminders.ics\"",
        ], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// Warnings listed in an import's answer: enough to find the trouble, not a second copy of a broken file.
    static let maximumWarnings = 100

    /// Imports VTODOs; the same file again updates instead of duplicating. Lenient about lines
    /// (each one it cannot read is a warning), all or nothing about saving.
    @Sendable func importCalendar(request: Request, context: SignedInContext) async throws -> ImportBody {
        let account = context.account
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("text/calendar") || type.hasPrefix("text/plain") || type.hasPrefix("application/octet-stream") else {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type", "Send the .ics file as the body with Content-Type: text/calendar.",
                           key: "spots.error.ics_content_type")
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: Self.maximumCalendarBytes)
        } catch is NIOTooManyBytesError {
            throw JSONBody.tooLarge(limit: Self.maximumCalendarBytes)
        }
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw APIError.invalid(field: "file", "The file is not UTF-8 text; iCalendar files are UTF-8.",
                                   localized: MessageKey("spots.error.ics_not_utf8"))
        }
        let parsed: ICalendarImport
        do {
            parsed = try ICalendar.parse(text, defaultTimeZone: Self.timeZone(request), now: clock.now(),
                                         uidNamespace: account.id)
        } catch {
            throw APIError(.unprocessableContent, code: "invalid_calendar", error.message, field: "file",
                           localized: Self.refusal(error))
        }
        let created = try await spots.importReminders(parsed.reminders, accountID: account.id)
        let messages = request.messages(account: account)
        return ImportBody(imported: created, updated: parsed.reminders.count - created,
                          warnings: parsed.warnings.prefix(Self.maximumWarnings).map { ImportBody.Warning($0, messages: messages) },
                          warningCount: parsed.warnings.count)
    }

    /// A refused file's message in the catalogue: the parser's detail, after "Line N: " when a line is at fault.
    /// Nil (English) while the detail has no key.
    static func refusal(_ error: ICalendarError) -> MessageKey? {
        guard let detail = error.localized else { return nil }
        guard error.line > 0 else { return detail }
        return MessageKey("spots.ical.line", ["line": String(error.line), "detail": error.detail], nested: ["detail": detail])
    }

    // MARK: Helpers

    /// The browser's zone for floating times, from `?tz=Europe/Berlin`; else UTC.
    static func timeZone(_ request: Request) -> TimeZone {
        request.uri.queryParameters["tz"].flatMap { TimeZone(identifier: String($0)) } ?? TimeZone(identifier: "UTC")!
    }

    static func deviceKey(_ context: AccountContext) -> String {
        if let device = context.device { return "device:\(device.device.id.uuidString.lowercased())" }
        if let identity = context.identity { return "session:\(identity.session.id.uuidString.lowercased())" }
        return "unknown"
    }

    static func deviceName(_ key: String) -> String {
        if key == "server" { return "Cadence" }
        if key.hasPrefix("session:") { return "A signed-in browser" }
        if key.hasPrefix("device:") { return "A paired device" }
        return key
    }

    private func requireReminder(_ context: some CadenceContext, account: Account) async throws -> StoredReminder {
        return try await spots.reminder(id: try context.parameters.requireID("id"), accountID: account.id)
    }
}

extension HTTPField.Name {
    /// `none` on a place search when the server has no gazetteer loaded.
    static let cadenceGazetteer = Self("Cadence-Gazetteer")!
}
