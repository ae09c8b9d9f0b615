import CadenceCore
import Foundation
import Hummingbird
import Tempo
import TempoService
import Web

/// `/api/v1/tempo/…` plans and playlists (M2, M3): workout plans (from a template or
/// written whole), their timeline and curve, and playlists planned from the library,
/// edited with remove, move, pin, unpin and swap (the rest rebalances).
struct TempoPlansController {
    let plans: TempoPlans
    /// Told of edits and deletions, so a playlist's mix follows it.
    let mixes: TempoMixes

    func addRoutes(to api: APIGroups) {
        api.account.get("templates", use: templates)
        api.person.delete("templates/:id", use: deleteTemplate)
        api.person.post("plans/:id/template", use: saveTemplate)
        api.account.get("plans", use: listPlans)
        api.person.post("plans", use: createPlan)
        api.account.get("plans/:id", use: showPlan)
        api.person.put("plans/:id", use: replacePlan)
        api.person.delete("plans/:id", use: deletePlan)
        api.person.post("plans/:id/playlists", use: createPlaylist)
        api.account.get("plans/:id/playlists", use: listPlaylists)
        api.account.get("playlists/:id", use: showPlaylist)
        api.person.post("playlists/:id/edits", use: editPlaylist)
        api.person.delete("playlists/:id", use: deletePlaylist)
    }

    static let decoder = JSONDecoder()

    // MARK: Plans

    @Sendable func templates(request: Request, context: AccountContext) async throws -> [PlanBody] {
        let activity = try request.uri.queryParameters["activity"].map { text -> Activity in
            guard let activity = Activity(rawValue: String(text)) else {
                throw APIError.invalid(field: "activity", "The activity is running, walking or cycling.",
                                       localized: MessageKey("tempo.plans.error.activity"))
            }
            return activity
        } ?? .running
        return try await plans.templates(for: activity, accountID: context.account.id)
            .map { PlanBody($0.plan, templateID: $0.id, builtIn: $0.builtIn) }
    }

    struct TemplateInput: Decodable {
        let name: String?
    }

    /// `POST …/plans/{id}/template {"name"?}`: the plan kept as one of the person's templates.
    @Sendable func saveTemplate(request: Request, context: SignedInContext) async throws -> EditedResponse<PlanBody> {
        let id = try context.parameters.requireID("id")
        var request = request
        let object = try await request.decodeJSONObject(context: context)
        let input = try Self.decodeBody(TemplateInput.self, object)
        let template = try await plans.saveTemplate(fromPlan: id, name: input.name, accountID: context.account.id)
        return EditedResponse(status: .created, response: PlanBody(template.plan, templateID: template.id, builtIn: false))
    }

    @Sendable func deleteTemplate(request: Request, context: SignedInContext) async throws -> HTTPResponse.Status {
        try await plans.deleteTemplate(try context.parameters.requireID("id"), accountID: context.account.id)
        return .noContent
    }

    @Sendable func listPlans(request: Request, context: AccountContext) async throws -> [PlanBody] {
        try await plans.plans(accountID: context.account.id).map { PlanBody($0) }
    }

    struct FromTemplate: Decodable {
        let template: UUID
        let name: String?
    }

    /// A plan written whole, or `{"template": id, "name": …}` to start from a shipped template.
    @Sendable func createPlan(request: Request, context: SignedInContext) async throws -> EditedResponse<PlanBody> {
        var request = request
        let object = try await request.decodeJSONObject(context: context)
        let plan: WorkoutPlan
        if object["template"] != nil {
            let input = try Self.decodeBody(FromTemplate.self, object)
            plan = try await plans.create(fromTemplate: input.template, name: input.name, accountID: context.account.id)
        } else {
            plan = try await plans.create(try Self.decodeBody(WorkoutPlan.self, object), accountID: context.account.id)
        }
        return EditedResponse(status: .created, response: PlanBody(plan))
    }

    @Sendable func showPlan(request: Request, context: AccountContext) async throws -> PlanBody {
        PlanBody(try await plans.plan(try context.parameters.requireID("id"), accountID: context.account.id))
    }

    @Sendable func replacePlan(request: Request, context: SignedInContext) async throws -> PlanBody {
        let id = try context.parameters.requireID("id")
        // Read as createPlan reads a plan, so a refused plan keeps its catalogue key (said in the person's language).
        var request = request
        let written = try Self.decodeBody(WorkoutPlan.self, try await request.decodeJSONObject(context: context))
        return PlanBody(try await plans.replace(id, with: written, accountID: context.account.id))
    }

    @Sendable func deletePlan(request: Request, context: SignedInContext) async throws -> HTTPResponse.Status {
        let id = try context.parameters.requireID("id"), account = context.account.id
        // Its playlists go with it (by cascade); their mixes' files are removed here.
        let playlists = try await plans.playlists(planID: id, accountID: account)
        try await plans.delete(id, accountID: account)
        for playlist in playlists { await mixes.playlistDeleted(playlist.id, accountID: account) }
        return .noContent
    }

    // MARK: Playlists

    struct PlaylistInput: Decodable {
        let options: PlannerOptions?
    }

    @Sendable func createPlaylist(request: Request, context: SignedInContext) async throws -> EditedResponse<PlaylistBody> {
        let planID = try context.parameters.requireID("id")
        let hasBody = (request.headers[.contentLength].flatMap(Int.init) ?? 0) > 0
        let input = hasBody ? try await request.decode(as: PlaylistInput.self, context: context) : PlaylistInput(options: nil)
        let planned = try await plans.createPlaylist(planID: planID, options: input.options, accountID: context.account.id)
        return EditedResponse(status: .created, response: PlaylistBody(planned))
    }

    @Sendable func listPlaylists(request: Request, context: AccountContext) async throws -> [PlaylistBody] {
        try await plans.playlists(planID: try context.parameters.requireID("id"), accountID: context.account.id).map(PlaylistBody.init)
    }

    @Sendable func deletePlaylist(request: Request, context: SignedInContext) async throws -> HTTPResponse.Status {
        let id = try context.parameters.requireID("id")
        try await plans.deletePlaylist(id, accountID: context.account.id)
        await mixes.playlistDeleted(id, accountID: context.account.id)
        return .noContent
    }

    @Sendable func showPlaylist(request: Request, context: AccountContext) async throws -> PlaylistBody {
        PlaylistBody(try await plans.playlist(try context.parameters.requireID("id"), accountID: context.account.id))
    }

    struct EditInput: Decodable {
        let op: String
        let index: Int
        let to: Int?
        let songId: UUID?
    }

    /// Remove, move, pin, unpin or swap one entry, or insert a song; the unpinned rest is planned again.
    @Sendable func editPlaylist(request: Request, context: SignedInContext) async throws -> PlaylistBody {
        let id = try context.parameters.requireID("id")
        let input = try await request.decode(as: EditInput.self, context: context)
        let edit: PlaylistEdit
        switch input.op {
        case "remove": edit = .remove(input.index)
        case "pin": edit = .pin(input.index)
        case "unpin": edit = .unpin(input.index)
        case "move":
            guard let to = input.to else { throw APIError.invalid(field: "to", "Say where to move the entry: to is its new position.",
                                                        localized: MessageKey("tempo.music.error.edit_to")) }
            edit = .move(from: input.index, to: to)
        case "swap":
            guard let songID = input.songId else { throw APIError.invalid(field: "songId", "Say which song to put there: songId.",
                                                                    localized: MessageKey("tempo.music.error.edit_swap_song")) }
            edit = .swap(input.index, songID: songID)
        case "insert":
            guard let songID = input.songId else { throw APIError.invalid(field: "songId", "Say which song to add: songId.",
                                                                    localized: MessageKey("tempo.music.error.edit_insert_song")) }
            edit = .insert(input.index, songID: songID)
        default:
            throw APIError.invalid(field: "op", "The edit is remove, move, pin, unpin, swap or insert.", localized: MessageKey("tempo.music.error.edit_op"))
        }
        do {
            let edited = PlaylistBody(try await plans.edit(playlist: id, edit, accountID: context.account.id))
            await mixes.playlistChanged(id, accountID: context.account.id)
            return edited
        } catch let error as ValidationError {
            // The planner names its own fields; answer with the request's.
            let field = ["edit.index": "index", "edit.from": "index", "edit.to": "to", "edit.songID": "songId"][error.field] ?? error.field
            throw APIError.invalid(field: field, error.message, localized: error.localized)
        }
    }

    /// Decodes an already-read JSON object, with the API's field-naming errors.
    static func decodeBody<T: Decodable>(_ type: T.Type, _ object: [String: Any]) throws -> T {
        do {
            return try decoder.decode(T.self, from: try JSONSerialization.data(withJSONObject: object))
        } catch let error as DecodingError {
            throw JSONBody.apiError(error)
        } catch let error as ValidationError {
            throw APIError.invalid(field: error.field, error.message, localized: error.localized)
        }
    }
}
