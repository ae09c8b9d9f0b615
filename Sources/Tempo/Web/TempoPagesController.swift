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
        let sort = query["sort"].map(String.init) ?? "added"
        let sorts = [("added", "Recently added"), ("bpm", "BPM"), ("title", "Title")]
        return pages.render("tempo-library", title: "Tempo", [
            "bodyClass": "page tempo-page", "navLibrary": true,
            "sorts": sorts.map { ["value": $0.0, "label": $0.1, "selected": $0.0 == sort] },
            "minBpm": Self.number(query["minBpm"].map(String.init)), "maxBpm": Self.number(query["maxBpm"].map(String.init)),
            "maxSize": ByteCountFormatter.string(fromByteCount: Int64(TempoLibrary.maximumFileBytes), countStyle: .file),
        ], request: request, context: context)
    }

    @Sendable func plans(request: Request, context: SignedInContext) async throws -> Response {
        return pages.render("tempo-plans", title: "Workout plans", ["bodyClass": "page tempo-page", "navPlans": true],
                            request: request, context: context)
    }

    @Sendable func plan(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let id = try context.parameters.requireID("id")
        _ = try await plans.plan(id, accountID: identity.account.id)
        return pages.render("tempo-plan", title: "Edit plan", [
            "bodyClass": "page tempo-page", "navPlans": true, "planId": Self.id(id),
        ], request: request, context: context)
    }

    @Sendable func playlist(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let id = try context.parameters.requireID("id")
        let planID = try await plans.planID(ofPlaylist: id, accountID: identity.account.id)
        return pages.render("tempo-playlist", title: "Playlist", [
            "bodyClass": "page tempo-page", "navPlans": true, "playlistId": Self.id(id), "planId": Self.id(planID),
        ], request: request, context: context)
    }

    static func id(_ id: UUID) -> String { id.uuidString.lowercased() }

    /// A typed BPM bound, kept only when it is a number (the form shows what the filter uses).
    static func number(_ text: String?) -> String {
        guard let text, let value = Double(text), value.isFinite else { return "" }
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
