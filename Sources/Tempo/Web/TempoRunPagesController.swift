import CadenceCore
import Foundation
import Hummingbird
import Web
import TempoService

/// The Tempo run pages (M4, M5). On the phone: the live run (`/phone/tempo/run`: pick a plan and
/// a playlist, start, the music follows the runner), the history with GPX/TCX import and the
/// runner's profile (`/phone/tempo/runs`), and one run with its stats and charts
/// (`/phone/tempo/runs/{id}`). On a paired watch: `/watch/run`, the run at a glance (interval,
/// time left, pace, heart rate) with pause and skip, recording its own samples, offline too.
/// Like the other Tempo pages these are shells; scripts drive them over the JSON API and the
/// live channel.
struct TempoRunPagesController {
    let runs: TempoRuns
    let pages: PageRenderer

    func addRoutes(open: RouterGroup<AppContext>, signedIn: RouterGroup<SignedInContext>) {
        signedIn.get("/phone/tempo/run", use: live)
        signedIn.get("/phone/tempo/runs", use: history)
        signedIn.get("/phone/tempo/runs/:id", use: run)
        open.get("/watch/run", use: watch)
    }

    @Sendable func live(request: Request, context: SignedInContext) async throws -> Response {
        let query = request.uri.queryParameters
        let units = context.identity.account.units
        let page = TempoLiveRunPage(planId: Self.uuid(query["plan"].map(String.init)), playlistId: Self.uuid(query["playlist"].map(String.init)),
                                    messages: PageRenderer.messages(for: request, context: context), units: units)
        return pages.render("tempo-run-live", title: "tempo.runs.title.run",
                            page: TempoFrame(.run, bodyClass: "page tempo-page tempo-live-page", units: units).around(page),
                            request: request, context: context)
    }

    @Sendable func history(request: Request, context: SignedInContext) async throws -> Response {
        let units = context.identity.account.units
        let page = TempoRunsPage(messages: PageRenderer.messages(for: request, context: context), units: units)
        return pages.render("tempo-runs", title: "tempo.runs.title.runs", page: TempoFrame(.runs, units: units).around(page),
                            request: request, context: context)
    }

    @Sendable func run(request: Request, context: SignedInContext) async throws -> Response {
        let id = try context.parameters.requireID("id")
        _ = try await runs.requireRun(id, accountID: context.identity.account.id)
        let units = context.identity.account.units
        let page = TempoRunPage(runId: TempoPagesController.id(id), units: units.rawValue, imperial: units == .imperial)
        return pages.render("tempo-run", title: "tempo.runs.title.run", page: TempoFrame(.runs, units: units).around(page),
                            request: request, context: context)
    }

    /// The watch's run view; an unpaired browser is sent to pair as a watch.
    @Sendable func watch(request: Request, context: AppContext) async throws -> Response {
        guard let device = context.device else { return PageRenderer.redirect(to: "/pair?role=watch") }
        // The watch shows its account's units, in the page's language.
        let messages = PageRenderer.messages(for: request, context: context)
        let page = TempoWatchRunPage(deviceName: device.device.name, deviceId: device.device.id.uuidString.lowercased(),
                                     messages: messages, units: device.account.units)
        return pages.render("tempo-watch-run", title: "tempo.runs.title.run", page: page, request: request, context: context)
    }

    /// A plan or playlist id from the query, kept only when it is one (it lands in an attribute).
    static func uuid(_ text: String?) -> String {
        guard let text, let id = UUID(uuidString: text) else { return "" }
        return TempoPagesController.id(id)
    }
}
