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
    let devices: any DeviceEnrolling
    let publicURL: String

    public init(spots: SpotsService, pages: PageRenderer, clock: any WallClock, mapTiles: MapTiles, devices: any DeviceEnrolling,
                publicURL: String) {
        self.spots = spots
        self.pages = pages
        self.clock = clock
        self.mapTiles = mapTiles
        self.devices = devices
        self.publicURL = publicURL
    }

    /// For the signed-in page group: every post has passed the CSRF check (`FormPostMiddleware`).
    public var routes: RouteCollection<SignedInContext> {
        let router = RouteCollection(context: SignedInContext.self)
        router.get("/phone/spots", use: list)
        router.get("/phone/spots/new", use: newForm)
        router.post("/phone/spots/new", use: create)
        router.get("/phone/spots/map", use: map)
        router.get("/phone/spots/timeline", use: timeline)
        router.post("/phone/spots/background-location", use: setUpBackgroundLocation)
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
        let zone = Self.zone(request)
        let accountID = context.identity.account.id
        let lists = try await spots.lists(accountID: accountID)
        let chosen = request.uri.queryParameters["list"].map(String.init).flatMap { slug in lists.contains { $0.list.slug == slug } ? slug : nil }
        let all = try await spots.reminders(accountID: accountID).filter { chosen == nil || $0.list == chosen }.map(\.reminder)
        let messages = PageRenderer.messages(for: request, context: context)
        return render("spots-list", title: "spots.list.title",
                      SpotsListPage(all, zone: zone, now: clock.now(), messages: messages, lists: lists, chosen: chosen),
                      zone: zone, request: request, context: context)
    }

    @Sendable func newForm(request: Request, context: SignedInContext) async throws -> Response {
        return try await newPage(request: request, context: context)
    }

    @Sendable func create(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let form = context.form
        do {
            let reminder = try Self.reminder(from: form, id: UUID(), keeping: nil)
            try await spots.save(reminder, accountID: identity.account.id, list: form["list"].flatMap { $0.isEmpty ? nil : $0 })
            return PageRenderer.redirect(to: "/phone/spots/\(Self.id(reminder.id))?saved=1")
        } catch let error as ValidationError {
            return try await newPage(error: error, typed: form, request: request, context: context)
        }
    }

    @Sendable func show(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let stored = try await ownReminder(identity, context)
        let saved = request.uri.queryParameters["saved"] != nil
        let notice = saved ? PageRenderer.messages(for: request, context: context)("spots.show.saved") : nil
        return try await reminderPage(stored, identity: identity, notice: notice, request: request, context: context)
    }

    @Sendable func update(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let stored = try await ownReminder(identity, context)
        let form = context.form
        do {
            var reminder = try Self.reminder(from: form, id: stored.reminder.id, keeping: stored.reminder)
            reminder.completedAt = stored.reminder.completedAt
            let list = form["list"].flatMap { $0.isEmpty || $0 == stored.list ? nil : $0 }
            try await spots.save(reminder, accountID: identity.account.id, list: list, ifMatch: form["version"].flatMap { $0.isEmpty ? nil : $0 })
            return PageRenderer.redirect(to: "/phone/spots/\(Self.id(reminder.id))?saved=1")
        } catch let error as ValidationError {
            return try await reminderPage(stored, identity: identity, error: error, typed: form, request: request, context: context)
        } catch is ChangedSinceRead {
            // Another device saved first: the person's edit stays in the form, against the latest version, so
            // saving again is a choice made knowing it, never a silent overwrite.
            let latest = try await ownReminder(identity, context)
            let refusal = ValidationError(field: "version", "This reminder was changed on another device while you edited it. Your version is below, not saved yet: save again to keep it, or open the reminder again to see the other change.",
                                          key: "spots.form.changed_since_read")
            return try await reminderPage(latest, identity: identity, error: refusal, typed: form, request: request, context: context)
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
        let reminder = try await ownReminder(identity, context).reminder
        let form = context.form
        try await spots.setCompleted(done, id: reminder.id, accountID: identity.account.id)
        return PageRenderer.redirect(to: Self.backPath(form["back"]) ?? "/phone/spots/\(Self.id(reminder.id))")
    }

    @Sendable func confirmDelete(request: Request, context: SignedInContext) async throws -> Response {
        let reminder = try await ownReminder(context.identity, context).reminder
        let messages = PageRenderer.messages(for: request, context: context)
        return pages.render("spots-delete", title: messages("spots.delete.title", ["title": reminder.title]),
                            page: SpotsDeletePage(id: Self.id(reminder.id), reminderTitle: reminder.title,
                                                  warning: messages("spots.delete.warning", ["title": reminder.title]),
                                                  isComplete: reminder.isComplete,
                                                  back: Self.backPath(request.uri.queryParameters["back"].map(String.init))),
                            request: request, context: context)
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        try await spots.delete(id: try context.parameters.requireID("id"), accountID: identity.account.id)
        return PageRenderer.redirect(to: Self.backPath(context.form["back"]) ?? "/phone/spots")
    }

    @Sendable func map(request: Request, context: SignedInContext) async throws -> Response {
        let zone = Self.zone(request)
        let reminders = try await spots.reminders(accountID: context.identity.account.id).map(\.reminder)
        let messages = PageRenderer.messages(for: request, context: context)
        return render("spots-map", title: "spots.map.title", SpotsMapPage(reminders, zone: zone, messages: messages), zone: zone,
                      request: request, context: context)
    }

    @Sendable func timeline(request: Request, context: SignedInContext) async throws -> Response {
        let zone = Self.zone(request)
        let reminders = try await spots.reminders(accountID: context.identity.account.id).map(\.reminder)
        let messages = PageRenderer.messages(for: request, context: context)
        return render("spots-timeline", title: "spots.timeline.title",
                      SpotsTimelinePage(reminders, zone: zone, now: clock.now(), messages: messages), zone: zone,
                      request: request, context: context)
    }

    /// Adds an OwnTracks device to the account and hands OwnTracks its whole configuration (R5: alerts with the
    /// screen off). Each press adds a device: one per phone that carries OwnTracks.
    @Sendable func setUpBackgroundLocation(request: Request, context: SignedInContext) async throws -> Response {
        let (device, token) = try await devices.enroll(role: .phone, name: "OwnTracks", accountID: context.identity.account.id)
        let endpoint = publicURL + "/api/v1/spots/owntracks"
        let page = SpotsBackgroundPage(deviceName: device.name, setup: OwnTracksSetup(endpoint: endpoint, token: token, deviceID: device.id),
                                       endpoint: endpoint, messages: PageRenderer.messages(for: request, context: context))
        return render("spots-background", title: "spots.background.title", page, zone: Self.zone(request), request: request, context: context)
    }

    // MARK: Pages

    private func newPage(error: ValidationError? = nil, typed: [String: String]? = nil, request: Request,
                         context: SignedInContext) async throws -> Response {
        let zone = Self.zone(request)
        let messages = PageRenderer.messages(for: request, context: context)
        let form = SpotsReminderForm(action: "/phone/spots/new", submitLabel: messages("spots.new.submit"), reminder: nil, typed: typed,
                                     zone: zone, refusal: error, messages: messages,
                                     lists: try await spots.lists(accountID: context.identity.account.id),
                                     list: request.uri.queryParameters["list"].map(String.init))
        return render("spots-new", title: "spots.new.title", form, zone: zone, request: request, context: context)
    }

    private func reminderPage(
        _ stored: StoredReminder, identity: Identity, error: ValidationError? = nil, typed: [String: String]? = nil,
        notice: String? = nil, request: Request, context: SignedInContext
    ) async throws -> Response {
        let zone = Self.zone(request)
        let reminder = stored.reminder
        let events = try await spots.events(reminderID: reminder.id, accountID: identity.account.id, limit: 100)
        let messages = PageRenderer.messages(for: request, context: context)
        let form = SpotsReminderForm(action: "/phone/spots/\(Self.id(reminder.id))", submitLabel: messages("spots.show.submit"),
                                     reminder: reminder, typed: typed, zone: zone, refusal: error, messages: messages,
                                     lists: try await spots.lists(accountID: identity.account.id), list: stored.list,
                                     version: stored.etag)
        let page = FramedPage(form, SpotsReminderPage(stored, events: events, zone: zone, notice: notice, retention: spots.locationRetention,
                                                      messages: messages))
        return render("spots-show", title: reminder.title, page, zone: zone, request: request, context: context)
    }

    /// A page in the Spots frame: the live channel, the zone, the map's tiles.
    private func render(_ template: String, title: String, _ page: some Sendable, zone: TimeZone,
                        request: Request, context: SignedInContext) -> Response {
        let frame = SpotsFrame(zone: zone, mapTiles: mapTiles, messages: PageRenderer.messages(for: request, context: context))
        return pages.render(template, title: title, page: FramedPage(frame, page),
                            request: request, context: context)
    }

    private func ownReminder(_ identity: Identity, _ context: SignedInContext) async throws -> StoredReminder {
        return try await spots.reminder(id: try context.parameters.requireID("id"), accountID: identity.account.id)
    }
}
