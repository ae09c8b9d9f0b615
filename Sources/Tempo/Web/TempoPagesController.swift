import CadenceCore
import Foundation
import Hummingbird
import Web
import TempoService

/// The phone's Tempo pages (M1–M3): the music library (upload, BPM, preview at another
/// tempo), the plans with their templates, the plan editor with its intensity curve, and a
/// playlist drawn against its plan. The pages are shells; small scripts drive them over
/// the JSON API (`/api/v1/tempo/…`), so the pages and the API cannot disagree.
struct TempoPagesController {
    let plans: TempoPlans
    let pages: PageRenderer

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("/phone/tempo", use: library)
        router.get("/phone/tempo/plans", use: plans)
        router.get("/phone/tempo/plans/:id", use: plan)
        router.get("/phone/tempo/playlists/:id", use: playlist)
    }

    @Sendable func library(request: Request, context: SignedInContext) async throws -> Response {
        let query = request.uri.queryParameters
        let page = TempoLibraryPage(sort: query["sort"].map(String.init) ?? "added", minBpm: Self.number(query["minBpm"].map(String.init)),
                                    maxBpm: Self.number(query["maxBpm"].map(String.init)),
                                    messages: PageRenderer.messages(for: request, context: context))
        return pages.render("tempo-library", title: "tempo.music.library.title", page: TempoFrame(.library).around(page), request: request, context: context)
    }

    @Sendable func plans(request: Request, context: SignedInContext) async throws -> Response {
        pages.render("tempo-plans", title: "tempo.plans.list.title", page: TempoFrame(.plans), request: request, context: context)
    }

    @Sendable func plan(request: Request, context: SignedInContext) async throws -> Response {
        let id = try context.parameters.requireID("id")
        _ = try await plans.plan(id, accountID: context.identity.account.id)
        return pages.render("tempo-plan", title: "tempo.plans.edit.title", page: TempoFrame(.plans).around(TempoPlanPage(planId: Self.id(id), playlistId: nil)),
                            request: request, context: context)
    }

    @Sendable func playlist(request: Request, context: SignedInContext) async throws -> Response {
        let id = try context.parameters.requireID("id")
        let planID = try await plans.planID(ofPlaylist: id, accountID: context.identity.account.id)
        let page = TempoPlanPage(planId: Self.id(planID), playlistId: Self.id(id))
        return pages.render("tempo-playlist", title: "tempo.music.playlist.title", page: TempoFrame(.plans).around(page), request: request, context: context)
    }

    static func id(_ id: UUID) -> String { id.uuidString.lowercased() }

    /// A typed BPM bound, kept only when it is a number (the form shows what the filter uses).
    static func number(_ text: String?) -> String {
        guard let text, let value = Double(text), value.isFinite else { return "" }
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
