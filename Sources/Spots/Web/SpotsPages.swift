import CadenceCore
import Foundation
import Hummingbird
import Spots
import SpotsService
import Web

/// The phone's Spots pages (R1–R4, R7): the list (due soon, no date, by place, done) with location sharing
/// and import/export, a reminder's page (edit, complete, "why did or didn't this fire"),
/// the new-reminder form with its map and gazetteer search, the map of places, and the
/// timeline with its date slider. Forms post here and are checked by the domain; the map,
/// search, location sharing and alerts are small scripts over the JSON API.
public struct SpotsPages: Sendable {
    let spots: SpotsService
    let pages: PageRenderer
    let clock: any WallClock
    let mapTiles: MapTiles

    public init(spots: SpotsService, pages: PageRenderer, clock: any WallClock, mapTiles: MapTiles) {
        self.spots = spots
        self.pages = pages
        self.clock = clock
        self.mapTiles = mapTiles
    }

    /// The browser's IANA time zone, set by the pages' script: times are shown, and typed
    /// times read, in it. Without it (no script yet) they are UTC.
    static let zoneCookie = "cadence_tz"

    /// For the signed-in page group: every post has passed the CSRF check (`FormPostMiddleware`).
    public var routes: RouteCollection<SignedInContext> {
        let router = RouteCollection(context: SignedInContext.self)
        router.get("/phone/spots", use: list)
        router.get("/phone/spots/new", use: newForm)
        router.post("/phone/spots/new", use: create)
        router.get("/phone/spots/map", use: map)
        router.get("/phone/spots/timeline", use: timeline)
        router.get("/phone/spots/:id", use: show)
        router.post("/phone/spots/:id", use: update)
        router.post("/phone/spots/:id/complete", use: complete)
        router.post("/phone/spots/:id/reopen", use: reopen)
        router.get("/phone/spots/:id/delete", use: confirmDelete)
        router.post("/phone/spots/:id/delete", use: delete)
        return router
    }

    // MARK: Handlers

    @Sendable func list(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let zone = Self.zone(request)
        let all = try await spots.reminders(accountID: identity.account.id)
        let open = all.map(\.reminder).filter { !$0.isComplete }
        let dueSoon = open.filter { $0.due != nil }.sorted { ($0.due!, $0.title) < ($1.due!, $1.title) }
        let placed = open.filter { $0.place != nil }
        let groups = Dictionary(grouping: placed) { $0.place!.name }
            .sorted { $0.key.localizedStandardCompare($1.key) == .orderedAscending }
            .map { name, reminders -> [String: Any] in
                ["name": name, "reminders": reminders.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
                    .map { item($0, zone: zone) }]
            }
        let noDate = open.filter(\.isPlainToDo).sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
        let done = all.map(\.reminder).filter(\.isComplete).sorted { ($0.completedAt ?? .distantPast) > ($1.completedAt ?? .distantPast) }
        let now = clock.now()
        return pages.render("spots-list", title: "Spots", page([
            "dueSoon": dueSoon.map { reminder -> [String: Any] in
                var entry = item(reminder, zone: zone)
                entry["overdue"] = reminder.due! <= now
                return entry
            },
            "hasDueSoon": !dueSoon.isEmpty,
            "noDate": noDate.map { item($0, zone: zone) }, "hasNoDate": !noDate.isEmpty,
            "groups": groups, "hasGroups": !groups.isEmpty,
            "done": done.map { item($0, zone: zone) }, "hasDone": !done.isEmpty,
            "hasAny": !all.isEmpty, "navList": true,
        ], zone: zone), request: request, context: context)
    }

    @Sendable func newForm(request: Request, context: SignedInContext) async throws -> Response {
        return newPage(request: request, context: context)
    }

    @Sendable func create(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let form = context.form
        do {
            let reminder = try Self.reminder(from: form, id: UUID(), keeping: nil)
            try await spots.save(reminder, accountID: identity.account.id)
            return PageRenderer.redirect(to: "/phone/spots/\(Self.id(reminder.id))?saved=1")
        } catch let error as ValidationError {
            return newPage(error: error, typed: form, request: request, context: context)
        }
    }

    @Sendable func show(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let stored = try await ownReminder(identity, context)
        let saved = request.uri.queryParameters["saved"] != nil
        return try await reminderPage(stored, identity: identity, notice: saved ? "Saved." : nil, request: request, context: context)
    }

    @Sendable func update(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let stored = try await ownReminder(identity, context)
        let form = context.form
        do {
            var reminder = try Self.reminder(from: form, id: stored.reminder.id, keeping: stored.reminder)
            reminder.completedAt = stored.reminder.completedAt
            try await spots.save(reminder, accountID: identity.account.id)
            return PageRenderer.redirect(to: "/phone/spots/\(Self.id(reminder.id))?saved=1")
        } catch let error as ValidationError {
            return try await reminderPage(stored, identity: identity, error: error, typed: form, request: request, context: context)
        }
    }

    @Sendable func complete(request: Request, context: SignedInContext) async throws -> Response {
        try await setCompleted(true, request: request, context: context)
    }

    @Sendable func reopen(request: Request, context: SignedInContext) async throws -> Response {
        try await setCompleted(false, request: request, context: context)
    }

    private func setCompleted(_ done: Bool, request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        var reminder = try await ownReminder(identity, context).reminder
        let form = context.form
        reminder.completedAt = done ? (reminder.completedAt ?? clock.now()) : nil
        try await spots.save(reminder, accountID: identity.account.id)
        return PageRenderer.redirect(to: Self.backPath(form["back"]) ?? "/phone/spots/\(Self.id(reminder.id))")
    }

    @Sendable func confirmDelete(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let reminder = try await ownReminder(identity, context).reminder
        return pages.render("spots-delete", title: "Delete \(reminder.title)?", [
            "id": Self.id(reminder.id), "reminderTitle": reminder.title, "isComplete": reminder.isComplete,
        ], request: request, context: context)
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        try await spots.delete(id: try context.parameters.requireID("id"), accountID: identity.account.id)
        return PageRenderer.redirect(to: "/phone/spots")
    }

    @Sendable func map(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let zone = Self.zone(request)
        let placed = try await spots.reminders(accountID: identity.account.id).map(\.reminder)
            .filter { !$0.isComplete && $0.place != nil }
            .sorted { $0.place!.name.localizedStandardCompare($1.place!.name) == .orderedAscending }
        let pins = placed.map { reminder -> [String: Any] in
            var entry = item(reminder, zone: zone)
            let fence = reminder.place!.fence
            entry["latitude"] = Self.number(fence.center.latitude)
            entry["longitude"] = Self.number(fence.center.longitude)
            entry["radius"] = Self.number(fence.radius)
            entry["placeName"] = reminder.place!.name
            return entry
        }
        return pages.render("spots-map", title: "Spots map", page([
            "pins": pins, "hasPins": !pins.isEmpty, "map": true, "navMap": true,
        ], zone: zone), request: request, context: context)
    }

    @Sendable func timeline(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let zone = Self.zone(request)
        let reminders = try await spots.reminders(accountID: identity.account.id).map(\.reminder)
        let days = DueRules.byDay(reminders, in: zone)
        let dayKey = Self.formatter("yyyy-MM-dd", zone), dayLabel = Self.formatter("EEEE d MMMM yyyy", zone)
        let today = Self.calendar(zone).startOfDay(for: clock.now())
        let current = days.firstIndex { $0.start >= today } ?? max(0, days.count - 1)
        let undated = DueRules.chronological(reminders).filter { $0.due == nil }
        return pages.render("spots-timeline", title: "Spots timeline", page([
            "days": days.enumerated().map { index, day -> [String: Any] in
                ["key": dayKey.string(from: day.start), "label": dayLabel.string(from: day.start), "index": index,
                 "isToday": day.start == today, "reminders": day.reminders.map { item($0, zone: zone) }]
            },
            "hasDays": !days.isEmpty, "lastDay": max(0, days.count - 1), "currentDay": current,
            "currentLabel": days.isEmpty ? "" : dayLabel.string(from: days[current].start),
            "undated": undated.map { item($0, zone: zone) }, "hasUndated": !undated.isEmpty, "navTimeline": true,
        ], zone: zone), request: request, context: context)
    }

    // MARK: Pages

    private func newPage(error: ValidationError? = nil, typed: [String: String]? = nil, request: Request, context: SignedInContext) -> Response {
        let zone = Self.zone(request)
        var data = page(formData(nil, typed: typed, zone: zone), zone: zone)
        data["formAction"] = "/phone/spots/new"
        data["submitLabel"] = "Save reminder"
        data["map"] = true
        if let error { Self.add(error, to: &data) }
        return pages.render("spots-new", title: "New reminder", data, request: request, context: context)
    }

    private func reminderPage(
        _ stored: StoredReminder, identity: Identity, error: ValidationError? = nil, typed: [String: String]? = nil,
        notice: String? = nil, request: Request, context: SignedInContext
    ) async throws -> Response {
        let zone = Self.zone(request)
        let reminder = stored.reminder
        let events = try await spots.events(reminderID: reminder.id, accountID: identity.account.id, limit: 100)
        let stamp = Self.formatter("EEE d MMM yyyy, HH:mm:ss", zone)
        var data = page(formData(reminder, typed: typed, zone: zone), zone: zone)
        let summary = item(reminder, zone: zone)
        data["reminderTitle"] = reminder.title
        data["summary"] = summary
        data["id"] = Self.id(reminder.id)
        data["isComplete"] = reminder.isComplete
        data["formAction"] = "/phone/spots/\(Self.id(reminder.id))"
        data["submitLabel"] = "Save changes"
        data["map"] = true
        if let firedAt = stored.firedAt { data["firedAt"] = stamp.string(from: firedAt) }
        data["events"] = events.map { event -> [String: Any] in
            let body = SpotsEventBody(event, deviceName: SpotsAPI.deviceName(event.deviceKey))
            return ["at": stamp.string(from: event.at), "atISO": Self.iso(event.at), "reason": body.reason, "device": body.device,
                    "fired": body.fired, "late": body.late, "kind": body.kind == "time" ? "Time" : "Place"]
        }
        data["hasEvents"] = !events.isEmpty
        if let notice { data["notice"] = notice }
        if let error { Self.add(error, to: &data) }
        return pages.render("spots-show", title: reminder.title, data, request: request, context: context)
    }

    /// What every Spots page has: the live channel (alerts), the zone its times are shown in, the map's tiles.
    private func page(_ data: [String: Any], zone: TimeZone) -> [String: Any] {
        var values = data
        values["live"] = true
        values["bodyClass"] = "page spots-page"
        values["zone"] = zone.identifier
        values["tiles"] = mapTiles.urlTemplate
        values["attribution"] = mapTiles.attribution
        return values
    }

    /// The reminder form's values: what was typed (after a refused post), else the stored reminder, else defaults.
    private func formData(_ reminder: Reminder?, typed: [String: String]?, zone: TimeZone) -> [String: Any] {
        var data: [String: Any]
        if let typed {
            let trigger = typed["trigger"] == "leave" ? "leave" : "arrive"
            data = [
                "formTitle": typed["title"] ?? "", "formNotes": typed["notes"] ?? "", "formDue": typed["due"] ?? "",
                "formZone": typed["tz"].flatMap { $0.isEmpty ? nil : $0 } ?? zone.identifier,
                "formLatitude": typed["latitude"] ?? "", "formLongitude": typed["longitude"] ?? "",
                "formPlaceName": typed["placeName"] ?? "", "formRadius": typed["radius"] ?? "",
                "triggerLeave": trigger == "leave",
            ]
        } else {
            let fence = reminder?.place?.fence
            data = [
                "formTitle": reminder?.title ?? "", "formNotes": reminder?.notes ?? "",
                "formDue": reminder?.due.map { Self.formatter("yyyy-MM-dd'T'HH:mm", zone).string(from: $0) } ?? "",
                "formZone": zone.identifier,
                "formLatitude": fence.map { Self.number($0.center.latitude) } ?? "",
                "formLongitude": fence.map { Self.number($0.center.longitude) } ?? "",
                "formPlaceName": reminder?.place?.name ?? "",
                "formRadius": Self.number(fence?.radius ?? Fence.defaultRadius),
                "triggerLeave": fence?.trigger == .leave,
            ]
            if let due = reminder?.due { data["formDueMs"] = String(due.millisecondsSince1970) }
        }
        data["minRadius"] = Self.number(Fence.radiusRange.lowerBound)
        data["maxRadius"] = Self.number(Fence.radiusRange.upperBound)
        return data
    }

    /// One reminder as the lists show it.
    private func item(_ reminder: Reminder, zone: TimeZone) -> [String: Any] {
        var entry: [String: Any] = ["id": Self.id(reminder.id), "title": reminder.title, "isComplete": reminder.isComplete]
        if let due = reminder.due {
            entry["when"] = Self.formatter("EEE d MMM yyyy, HH:mm", zone).string(from: due)
            entry["time"] = Self.formatter("HH:mm", zone).string(from: due)
            entry["whenISO"] = Self.iso(due)
            entry["dueMs"] = String(due.millisecondsSince1970)
        }
        if let place = reminder.place {
            let verb = place.fence.trigger == .arrive ? "Arriving at" : "Leaving"
            entry["where"] = "\(verb) \(place.name) (\(Self.distance(place.fence.radius)))"
        }
        switch reminder.recurrence {
        case .series(let rule):
            entry["recurrence"] = Recurrence.summary(ofRule: rule)
        case .occurrence(let originalStart):
            let when = Self.formatter("EEE d MMM yyyy, HH:mm", zone).string(from: originalStart)
            entry["recurrence"] = "One occurrence (due \(when)) of a repeating task"
        case nil:
            break
        }
        if !reminder.notes.isEmpty { entry["notes"] = reminder.notes }
        return entry
    }

    private static func add(_ error: ValidationError, to data: inout [String: Any]) {
        data["error"] = error.message
        // Mustache reads dots as paths: place.radius → errorField_place_radius.
        data["errorField_\(error.field.replacingOccurrences(of: ".", with: "_"))"] = true
        if error.field.hasPrefix("place.latitude") || error.field.hasPrefix("place.longitude") { data["errorField_place_location"] = true }
    }

    private func ownReminder(_ identity: Identity, _ context: SignedInContext) async throws -> StoredReminder {
        return try await spots.reminder(id: try context.parameters.requireID("id"), accountID: identity.account.id)
    }
}
