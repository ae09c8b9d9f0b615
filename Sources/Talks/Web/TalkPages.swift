import CadenceCore
import Foundation
import Hummingbird
import Talks
import TalksService
import Web

/// The phone's Talks pages (T1–T3): list and add topics, edit a topic's cues,
/// delete with a confirmation, cast to the watch, start a run, and see past runs.
public struct TalkPages: Sendable {
    let talks: TalkService
    let devices: any PairedDevices
    let pages: PageRenderer
    let clock: any WallClock

    public init(talks: TalkService, devices: any PairedDevices, pages: PageRenderer, clock: any WallClock) {
        self.talks = talks
        self.devices = devices
        self.pages = pages
        self.clock = clock
    }

    /// For the signed-in page group: every post has passed the CSRF check (`FormPostMiddleware`).
    public var routes: RouteCollection<SignedInContext> {
        let router = RouteCollection(context: SignedInContext.self)
        router.get("/phone/talks", use: list)
        router.post("/phone/talks", use: create)
        router.get("/phone/talks/:id", use: show)
        router.post("/phone/talks/:id", use: update)
        router.post("/phone/talks/:id/cues", use: addCue)
        router.post("/phone/talks/:id/cues/:cue", use: updateCue)
        router.post("/phone/talks/:id/cues/:cue/delete", use: deleteCue)
        router.get("/phone/talks/:id/delete", use: confirmDelete)
        router.post("/phone/talks/:id/delete", use: delete)
        router.post("/phone/talks/:id/cast", use: cast)
        router.post("/phone/talks/:id/start", use: start)
        router.post("/phone/talks/:id/step", use: step)
        return router
    }

    @Sendable func list(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        return try await listPage(identity, request: request, context: context)
    }

    @Sendable func create(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let form = context.form
        do {
            let duration = try CueTime.parse(form["duration"].flatMap { $0.isEmpty ? nil : $0 } ?? "1:00", field: "duration")
            let topic = try Topic(title: form["title"] ?? "", duration: duration)
            try await talks.add(topic, accountID: identity.account.id)
            return PageRenderer.redirect(to: "/phone/talks/\(topic.id.uuidString.lowercased())")
        } catch let error as ValidationError {
            return try await listPage(identity, refusal: FormRefusal(error, typed: form, in: .newTopic), request: request, context: context)
        }
    }

    @Sendable func show(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        return try await detailPage(try await ownTopic(identity, context), identity: identity, request: request, context: context)
    }

    @Sendable func update(request: Request, context: SignedInContext) async throws -> Response {
        let form = context.form
        return try await edit(.details(title: form["title"] ?? "", duration: form["duration"] ?? ""), request, context,
                              in: .details, version: form["version"])
    }

    @Sendable func addCue(request: Request, context: SignedInContext) async throws -> Response {
        let form = context.form
        // Adding stands on its own: it goes in whatever else changed meanwhile (no version asked).
        return try await edit(.addCue(keyword: form["keyword"] ?? "", time: form["time"] ?? ""), request, context,
                              in: .newCue, version: nil)
    }

    /// A6: change a cue's keyword or time; the list re-sorts.
    @Sendable func updateCue(request: Request, context: SignedInContext) async throws -> Response {
        let form = context.form
        let cueID = try context.parameters.requireID("cue")
        return try await edit(.updateCue(id: cueID, keyword: form["keyword"] ?? "", time: form["time"] ?? ""), request, context,
                              in: .cue(cueID), version: form["version"])
    }

    @Sendable func deleteCue(request: Request, context: SignedInContext) async throws -> Response {
        let cueID = try context.parameters.requireID("cue")
        return try await edit(.removeCue(id: cueID), request, context, in: nil, version: nil)
    }

    @Sendable func confirmDelete(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let topic = try await ownTopic(identity, context)
        let messages = PageRenderer.messages(for: request, context: context)
        return pages.render("talk-delete", title: messages("talks.delete.title", ["title": topic.title]),
                            page: TalkDeletePage(topic: topic, messages: messages),
                            request: request, context: context)
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let topic = try await ownTopic(identity, context)
        try await talks.deleteTopic(id: topic.id, accountID: identity.account.id)
        return PageRenderer.redirect(to: "/phone/talks")
    }

    @Sendable func cast(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let topic = try await ownTopic(identity, context)
        try await talks.cast(topicID: topic.id, accountID: identity.account.id)
        return PageRenderer.redirect(to: "/phone/talks/\(topic.id.uuidString.lowercased())")
    }

    @Sendable func start(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let topic = try await ownTopic(identity, context)
        try await talks.startRun(topicID: topic.id, accountID: identity.account.id)
        return PageRenderer.redirect(to: "/phone/talks/\(topic.id.uuidString.lowercased())")
    }

    /// Pause, resume, next or stop the talk's run from the phone (the page's script sends the same to the API without
    /// leaving the page; this is the form's way, which works without it).
    @Sendable func step(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let topic = try await ownTopic(identity, context)
        let form = context.form
        guard let action = RunStep.Action(rawValue: form["action"] ?? ""), action != .start else {
            throw ValidationError(field: "action", "A step is pause, resume, next or stop.", key: "talks.error.step_action",
                                  ["action": form["action"] ?? ""])
        }
        guard let runID = UUID(uuidString: form["run"] ?? "") else {
            throw ValidationError(field: "run", "Which run is this step for?", key: "talks.error.step_run")
        }
        _ = try await talks.step(action, runID: runID, accountID: identity.account.id, at: nil)
        return PageRenderer.redirect(to: "/phone/talks/\(topic.id.uuidString.lowercased())")
    }

    /// One form's edit through `TalkService.edit`, so two devices' edits never undo each other: one that stands on
    /// its own (a new cue, a removal) goes in whatever else changed, one made from a page showing an older `version`
    /// (a cue's or the details' form) is refused. A refusal shows the talk as saved with the form as typed (`form`),
    /// or is thrown for an edit without a form of its own.
    private func edit(_ edit: TopicEdit, _ request: Request, _ context: SignedInContext, in form: FormRefusal.Form?,
                      version: String?) async throws -> Response {
        let identity = context.identity
        let outcome: TopicEditOutcome
        do {
            outcome = try await talks.edit(edit, topicID: try context.parameters.requireID("id"), accountID: identity.account.id,
                                           readVersion: version)
        } catch let missing as NotFound where missing.what == "topic" {
            throw NotFound("talk")  // a page calls a topic a talk (as `ownTopic` does)
        }
        let refusal: ValidationError, saved: Topic
        switch outcome {
        case .saved(let topic):
            return pages.redirect(to: "/phone/talks/\(topic.id.uuidString.lowercased())", flash: edit.flash)
        case .changedSinceRead(let topic):
            refusal = ValidationError(field: "version", "This talk was changed on another device while you edited it. What you typed is below, not saved yet: save again to keep it.",
                                      key: "talks.form.changed_since_read")
            saved = topic
        case .refused(let error, let topic):
            (refusal, saved) = (error, topic)
        }
        guard let form else { throw refusal }
        // The page shows the talk as saved (nothing of the refused edit), the form what was typed.
        return try await detailPage(saved, identity: identity, refusal: FormRefusal(refusal, typed: context.form, in: form),
                                    request: request, context: context)
    }

    private func ownTopic(_ identity: Identity, _ context: SignedInContext) async throws -> Topic {
        do {
            return try await talks.topic(id: try context.parameters.requireID("id"), accountID: identity.account.id)
        } catch is NotFound {
            throw NotFound("talk")  // a page calls a topic a talk
        }
    }

    private func listPage(_ identity: Identity, refusal: FormRefusal? = nil,
                          request: Request, context: SignedInContext) async throws -> Response {
        let page = TalkListPage(topics: try await talks.topics(accountID: identity.account.id), refusal: refusal,
                                messages: PageRenderer.messages(for: request, context: context))
        return pages.render("talks", title: "talks.list.title", page: page, request: request, context: context)
    }

    private func detailPage(
        _ topic: Topic, identity: Identity, refusal: FormRefusal? = nil, request: Request, context: SignedInContext
    ) async throws -> Response {
        let cast = try await talks.castState(accountID: identity.account.id)
        let runs = try await talks.runs(topicID: topic.id, accountID: identity.account.id)
        let watches = try await devices.list(accountID: identity.account.id)
        let page = TalkPage(topic: topic, cast: cast, watches: watches, runs: runs,
                            now: clock.now().millisecondsSince1970, refusal: refusal,
                            messages: PageRenderer.messages(for: request, context: context),
                            zone: request.browserZone ?? .current)
        return pages.render("talk", title: topic.title, page: page, request: request, context: context)
    }
}

extension TopicEdit {
    /// What the page's snackbar says once the edit is saved.
    var flash: Flash.Message {
        switch self {
        case .addCue: .added
        case .removeCue: .deleted
        default: .saved
        }
    }
}
