import CadenceCore
import Foundation
import Hummingbird
import Tempo
import Web
import TempoService

/// `/api/v1/tempo/…` plans and playlists (M2, M3): workout plans (from a template or
/// written whole), their timeline and curve, and playlists planned from the library,
/// edited with remove, move, pin, unpin and swap (the rest rebalances).
struct TempoPlansController {
    let store: any TempoStore
    let clock: any WallClock

    func addRoutes(to group: RouterGroup<AppContext>) {
        group.get("templates", use: templates)
        group.get("plans", use: listPlans)
        group.post("plans", use: createPlan)
        group.get("plans/:id", use: showPlan)
        group.put("plans/:id", use: replacePlan)
        group.delete("plans/:id", use: deletePlan)
        group.post("plans/:id/playlists", use: createPlaylist)
        group.get("plans/:id/playlists", use: listPlaylists)
        group.get("playlists/:id", use: showPlaylist)
        group.post("playlists/:id/edits", use: editPlaylist)
    }

    static let encoder = JSONEncoder()
    static let decoder = JSONDecoder()

    // MARK: Plans

    @Sendable func templates(request: Request, context: AppContext) async throws -> Response {
        _ = try context.requireAccount()
        let activity = try request.uri.queryParameters["activity"].map { text -> Activity in
            guard let activity = Activity(rawValue: String(text)) else {
                throw APIError.invalid(field: "activity", "The activity is running, walking or cycling.")
            }
            return activity
        } ?? .running
        return .json(Templates.builtIn(activity).map { PlanBody($0.plan, templateID: $0.id) })
    }

    @Sendable func listPlans(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        return .json(try await store.plans(accountID: account.id).compactMap { try? TempoJSON.decode(WorkoutPlan.self, $0.json) }.map { PlanBody($0) })
    }

    struct FromTemplate: Decodable {
        let template: UUID
        let name: String?
    }

    /// A plan written whole, or `{"template": id, "name": …}` to start from a shipped template.
    @Sendable func createPlan(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        var request = request
        let object = try await request.decodeJSONObject(context: context)
        let plan: WorkoutPlan
        if object["template"] != nil {
            let input = try Self.decodeBody(FromTemplate.self, object)
            guard let template = Activity.allCases.flatMap(Templates.builtIn).first(where: { $0.id == input.template }) else {
                throw APIError.invalid(field: "template", "There is no template with that id; GET /api/v1/tempo/templates lists them.")
            }
            plan = try template.makePlan(name: input.name)
        } else {
            let written = try Self.decodeBody(WorkoutPlan.self, object)
            plan = try WorkoutPlan(name: written.name, activity: written.activity, steps: written.steps)
        }
        try await store.savePlan(id: plan.id, name: plan.name, json: try TempoJSON.json(plan), accountID: account.id, at: clock.now())
        return .json(PlanBody(plan), status: .created)
    }

    @Sendable func showPlan(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        return .json(PlanBody(try await requirePlan(context, account: account)))
    }

    @Sendable func replacePlan(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        let existing = try await requirePlan(context, account: account)
        var request = request
        let written = try await request.decodeJSON(WorkoutPlan.self, context: context)
        let plan = try WorkoutPlan(id: existing.id, name: written.name, activity: written.activity, steps: written.steps)
        try await store.savePlan(id: plan.id, name: plan.name, json: try TempoJSON.json(plan), accountID: account.id, at: clock.now())
        return .json(PlanBody(plan))
    }

    @Sendable func deletePlan(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        guard try await store.deletePlan(id: try context.parameters.requireID("id"), accountID: account.id) else {
            throw APIError.notFound("plan")
        }
        return Response(status: .noContent)
    }

    // MARK: Playlists

    struct PlaylistInput: Decodable {
        let options: PlannerOptions?
    }

    @Sendable func createPlaylist(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        let plan = try await requirePlan(context, account: account)
        var request = request
        let hasBody = (request.headers[.contentLength].flatMap(Int.init) ?? 0) > 0
        let input = hasBody ? try await request.decodeJSON(PlaylistInput.self, context: context) : PlaylistInput(options: nil)
        let options: PlannerOptions
        do {
            options = try (input.options ?? PlannerOptions.recommended(for: plan.activity)).validated()
        } catch {
            throw APIError.invalid(field: "options.\(error.field)", error.message)
        }
        let library = try await songs(accountID: account.id)
        guard !library.isEmpty else {
            throw APIError.invalid(field: "library", "No analysed songs yet: upload music and wait for its tempo, or set a song's tempo yourself.")
        }
        let playlist = try PlaylistPlanner(plan: plan, library: library, options: options).plan()
        let id = UUID()
        try await store.savePlaylist(id: id, planID: plan.id, json: try TempoJSON.json(playlist), accountID: account.id, at: clock.now())
        return .json(PlaylistBody(id: id, plan: plan, playlist: playlist, library: library), status: .created)
    }

    @Sendable func listPlaylists(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let plan = try await requirePlan(context, account: account)
        let library = try await songs(accountID: account.id)
        return .json(try await store.playlists(planID: plan.id, accountID: account.id).compactMap { stored in
            (try? TempoJSON.decode(Playlist.self, stored.json)).map { PlaylistBody(id: stored.id, plan: plan, playlist: $0, library: library) }
        })
    }

    @Sendable func showPlaylist(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let (id, plan, stored) = try await requirePlaylist(context, account: account)
        let library = try await songs(accountID: account.id)
        let playlist = try await withoutDeletedSongs(stored, id: id, plan: plan, library: library, accountID: account.id)
        return .json(PlaylistBody(id: id, plan: plan, playlist: playlist, library: library))
    }

    /// Songs deleted from the library leave the playlist the next time it is read: their
    /// entries are removed one by one and the rest rebalanced, and the result is saved.
    private func withoutDeletedSongs(_ playlist: Playlist, id: UUID, plan: WorkoutPlan, library: [Song], accountID: UUID) async throws -> Playlist {
        let present = Set(library.map(\.id))
        guard playlist.entries.contains(where: { !present.contains($0.song.id) }) else { return playlist }
        guard !library.isEmpty else {
            var emptied = playlist
            emptied.entries = []
            emptied.coverage = 0
            emptied.warnings = ["Every song of this playlist was deleted; add music and make a new playlist."]
            return emptied
        }
        let planner = try PlaylistPlanner(plan: plan, library: library, options: playlist.options)
        var pruned = playlist
        while let index = pruned.entries.lastIndex(where: { !present.contains($0.song.id) }) {
            pruned = try planner.rebalance(pruned, edit: .remove(index))
        }
        try await store.savePlaylist(id: id, planID: plan.id, json: try TempoJSON.json(pruned), accountID: accountID, at: clock.now())
        return pruned
    }

    struct EditInput: Decodable {
        let op: String
        let index: Int
        let to: Int?
        let songId: UUID?
    }

    /// Remove, move, pin, unpin or swap one entry; the unpinned rest is planned again.
    @Sendable func editPlaylist(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        let (id, plan, stored) = try await requirePlaylist(context, account: account)
        var request = request
        let input = try await request.decodeJSON(EditInput.self, context: context)
        let edit: PlaylistEdit
        switch input.op {
        case "remove": edit = .remove(input.index)
        case "pin": edit = .pin(input.index)
        case "unpin": edit = .unpin(input.index)
        case "move":
            guard let to = input.to else { throw APIError.invalid(field: "to", "Say where to move the entry: to is its new position.") }
            edit = .move(from: input.index, to: to)
        case "swap":
            guard let songID = input.songId else { throw APIError.invalid(field: "songId", "Say which song to put there: songId.") }
            edit = .swap(input.index, songID: songID)
        default:
            throw APIError.invalid(field: "op", "The edit is remove, move, pin, unpin or swap.")
        }
        let library = try await songs(accountID: account.id)
        let playlist = try await withoutDeletedSongs(stored, id: id, plan: plan, library: library, accountID: account.id)
        let planner = try PlaylistPlanner(plan: plan, library: library, options: playlist.options)
        let edited: Playlist
        do {
            edited = try planner.rebalance(playlist, edit: edit)
        } catch {
            // The planner names its own fields; answer with the request's.
            let field = ["edit.index": "index", "edit.from": "index", "edit.to": "to", "edit.songID": "songId"][error.field] ?? error.field
            throw APIError.invalid(field: field, error.message)
        }
        try await store.savePlaylist(id: id, planID: plan.id, json: try TempoJSON.json(edited), accountID: account.id, at: clock.now())
        return .json(PlaylistBody(id: id, plan: plan, playlist: edited, library: library))
    }

    // MARK: Helpers

    /// The library as the planner sees it: analysed songs (or ones with the person's tempo).
    func songs(accountID: UUID) async throws -> [Song] {
        try await store.songs(accountID: accountID).compactMap { record in
            guard let bpm = record.bpm ?? record.bpmOverride, let ms = record.durationMs, ms > 0 else { return nil }
            return try? Song(id: record.id, title: record.title, bpm: bpm, durationSeconds: Double(ms) / 1000, bpmOverride: record.bpmOverride)
        }
    }

    private func requirePlan(_ context: AppContext, account: Account) async throws -> WorkoutPlan {
        guard let json = try await store.plan(id: try context.parameters.requireID("id"), accountID: account.id) else {
            throw APIError.notFound("plan")
        }
        return try TempoJSON.decode(WorkoutPlan.self, json)
    }

    private func requirePlaylist(_ context: AppContext, account: Account) async throws -> (UUID, WorkoutPlan, Playlist) {
        let id = try context.parameters.requireID("id")
        guard let stored = try await store.playlist(id: id, accountID: account.id),
              let planJSON = try await store.plan(id: stored.planID, accountID: account.id)
        else { throw APIError.notFound("playlist") }
        return (id, try TempoJSON.decode(WorkoutPlan.self, planJSON), try TempoJSON.decode(Playlist.self, stored.json))
    }


    /// Decodes an already-read JSON object, with the API's field-naming errors.
    static func decodeBody<T: Decodable>(_ type: T.Type, _ object: [String: Any]) throws -> T {
        do {
            return try decoder.decode(T.self, from: try JSONSerialization.data(withJSONObject: object))
        } catch let error as DecodingError {
            throw JSONBody.apiError(error)
        } catch let error as ValidationError {
            throw APIError.invalid(field: error.field, error.message)
        }
    }
}

struct PlanBody: Encodable {
    let plan: WorkoutPlan
    let templateId: UUID?
    let totalSeconds: Double
    let totalMetres: Double
    let segments: [PlanSegment]
    let curve: [CurvePoint]

    init(_ plan: WorkoutPlan, templateID: UUID? = nil) {
        let timeline = plan.timeline
        self.plan = plan
        templateId = templateID
        totalSeconds = timeline.totalDuration
        totalMetres = timeline.totalDistance
        segments = timeline.segments
        curve = timeline.curve
    }
}

struct PlaylistBody: Encodable {
    struct SongTitle: Encodable {
        let id: UUID
        let title: String
        let url: String
    }

    let id: UUID
    let planId: UUID
    let playlist: Playlist
    let curve: [CurvePoint]
    let songs: [SongTitle]

    init(id: UUID, plan: WorkoutPlan, playlist: Playlist, library: [Song]) {
        self.id = id
        planId = plan.id
        self.playlist = playlist
        curve = plan.timeline.curve
        let used = Set(playlist.entries.map(\.song.id))
        songs = library.filter { used.contains($0.id) }.map {
            SongTitle(id: $0.id, title: $0.title, url: "/api/v1/tempo/songs/\($0.id.uuidString.lowercased())/file")
        }
    }
}
